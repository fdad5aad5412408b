"""Any bytes on input: the terminal and web drivers decode them without dying (issue 9 #5).

Textual's drivers decode input with a strict UTF-8 decoder (Textual issue #6456); one 0xFF
byte killed the app. ``ui/patches.py`` gives them a decoder that replaces bad bytes. Here
random bytes, valid sequences and escape sequences cut anywhere go through the patched
decoder and Textual's own input parser, in chunks as the driver reads them.
"""

from __future__ import annotations

import random

from helpers import INPUT_PIECES
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver, web_driver

import cardsuite.ui.app  # noqa: F401  (applies the patches)


def test_the_drivers_decode_any_bytes() -> None:
    for module in (linux_driver, web_driver):
        decode = module.getincrementaldecoder("utf-8")().decode
        assert decode(b"\xff", final=False) == "\ufffd"
        assert decode(b"\xe2\x99", final=False) + decode(b"\xa5", final=False) == "♥"


def test_random_bytes_through_decoder_and_parser() -> None:
    rng = random.Random(9)
    keys = 0
    for _ in range(200):
        decode = linux_driver.getincrementaldecoder("utf-8")().decode
        parser = XTermParser()
        data = b"".join(
            rng.choice(INPUT_PIECES) if rng.random() < 0.7 else bytes([rng.randrange(256)])
            for _ in range(rng.randrange(1, 60))
        )
        cut = sorted(rng.sample(range(len(data) + 1), min(3, len(data) + 1)))
        for a, b in zip([0, *cut], [*cut, len(data)], strict=True):
            text = decode(data[a:b], final=False)
            if not text:  # as the driver: nothing decoded yet, nothing to feed
                continue
            for event in parser.feed(text):
                keys += 1
                assert event is not None
    assert keys > 1000
