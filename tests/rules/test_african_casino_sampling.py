"""African Casino's samples of the unseen cards keep what every player knows (§18).

Found by a salted full run (``CARDSUITE_SEED=5c06f420 CARDSUITE_FULL=1``, the contract's
search copies): a player who had added to an opponent's build this turn and not yet played
was dealt, in a sample, no card to capture it with (CASINO-AUG-5), and the search's copy
had no legal step. A test of every sample then found a second hole: a card everyone knows
a hand holds (an insisted play taken back) did not count toward that hand's demands, so a
second card was drawn for it and another hand's demand went unmet. Every sample must be a
position the rules could reach: one that ``from_json`` accepts, whose player to move has a
legal step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from cardsuite.games.african_casino.rules import GAME, CasinoState


def positions(players: int, games: int, seed: int) -> Iterator[CasinoState]:
    """Every position of ``games`` random games (fixed seeds)."""
    rng = random.Random(f"casino-samples:{players}:{seed}")
    for _ in range(games):
        variant = rng.choice(list(GAME.variants))
        st = GAME.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
        while not st.is_over():
            yield st
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])


def reachable(st: CasinoState) -> None:
    """``st`` is a position play could reach (``from_json`` checks it whole)."""
    GAME.from_json(json.loads(json.dumps(st.to_json())))
    assert st.legal_actions()


def test_a_player_who_added_to_an_opponents_build_is_dealt_a_card_to_take_it() -> None:
    """CASINO-AUG-5: until his play, the mover holds a card for the opponent's build he
    added to, besides one for each build he owns; every other seat's samples say so."""
    seen = 0
    for players in (2, 3, 4):
        for st in positions(players, 15, 1):
            if st.phase != "play" or st.played is not None or st.aug_opp is None:
                continue
            mover = st.mover
            assert mover is not None
            for observer in range(st.n):
                if observer == mover:
                    continue
                for k in range(8):
                    sample = st.sample_hidden(observer, random.Random(k))
                    assert sample._cannot_end(mover) is None
                    reachable(sample)
            seen += 1
    assert seen >= 5, "too few positions with an opponent's build added to: nothing proved"


def test_every_sample_is_a_position_play_could_reach() -> None:
    rng = random.Random(7)
    checked = 0
    for players in (2, 3, 4):
        for i, st in enumerate(positions(players, 4, 2)):
            if i % 5:
                continue
            for observer in range(st.n):
                reachable(st.sample_hidden(observer, random.Random(rng.getrandbits(32))))
                checked += 1
    assert checked > 300


def dealt(st: CasinoState) -> list[list[str]]:
    """The hands and the stock of ``st`` (and of the position an insist goes back to)."""
    out = [[c.code for c in h] for h in st.hands] + [[c.code for c in st.stock]]
    if st.before_play is not None:
        out += dealt(st.before_play)
    return out


def test_a_sample_depends_on_which_cards_are_unseen_never_on_where_they_lie() -> None:
    """Found by the bots' blind test (``tests/contract/test_bots_blind.py``): the unseen cards
    were pooled in the true deal's order (hand by hand, then the stock) before the shuffle, so
    one seed dealt other samples when only the hidden cards had moved, and the hard bot's
    search chose by the true deal without reading a card. A position the observer cannot tell
    from this one (its hidden zones each in another order, or dealt again by a sample) must
    give the same samples, seed for seed."""
    rng = random.Random(11)
    checked = 0
    for players in (2, 3, 4):
        for i, st in enumerate(positions(players, 1, 3)):
            if i % 9:
                continue
            for observer in range(st.n):
                reordered = st.clone()
                zones = reordered.zones()
                for z in reordered.hidden_zones(observer):
                    rng.shuffle(zones[z])  # type: ignore[arg-type]  # the state's own lists
                redealt = st.sample_hidden(observer, random.Random(rng.getrandbits(32)))
                for k in range(3):
                    want = dealt(st.sample_hidden(observer, random.Random(k)))
                    assert dealt(reordered.sample_hidden(observer, random.Random(k))) == want
                    assert dealt(redealt.sample_hidden(observer, random.Random(k))) == want
                checked += 1
    assert checked > 100, checked


def test_a_movers_sample_lists_what_the_position_lists() -> None:
    """Issue 35: a sample for the seat to move is handed the position's own listing
    (``sampling._share_listing``), which is right only if the mover's steps never read the
    cards a sample deals again. In every sample the shared listing is, step for step and in
    order, what the sample lists itself, and each step does the same there."""
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 4):
        for i, st in enumerate(positions(players, 3, 4)):
            if i % 4 or st.phase != "play":
                continue
            mover = st.to_move()
            assert mover is not None
            sample = st.search_copy(mover, random.Random(rng.getrandbits(32)))
            shared = sample.legal_actions()
            assert shared is st.legal_actions()
            own = sample.clone()  # (a clone lists its steps itself)
            listed = own.legal_actions()
            assert listed is not shared
            assert [str(a) for a in listed] == [str(a) for a in shared]
            assert [a.key for a in listed] == [a.key for a in shared]
            pick = int(rng.random() * len(shared))
            sample.apply(shared[pick])
            own.apply(listed[pick])
            assert sample.to_json() == own.to_json()
            assert [str(a) for a in sample.legal_actions()] == [str(a) for a in own.legal_actions()]
            checked += 1
    assert checked > 150, checked


def test_a_searchs_sampler_deals_search_copys_samples() -> None:
    """``search_sampler`` (what a search draws its deals from: the unseen cards and each
    hand's demands worked out once, ``sampling.facts``) deals ``search_copy``'s very
    samples, draw for draw of the same generator: the hands, the stock, the position an
    insisted play is taken back to, and each copy's own generator."""

    def dealt(st: CasinoState) -> tuple[object, ...]:
        before = st.before_play
        return (
            [[c.code for c in h] for h in st.hands],
            [c.code for c in st.stock],
            None if before is None else [[c.code for c in h] for h in before.hands],
            None if before is None else [c.code for c in before.stock],
            st.rng.getstate(),
            st._search_copy,
        )

    taken_back = demanded = 0
    for players in (2, 3, 4):
        for k, st in enumerate(positions(players, 4, 2)):
            if k % 3 and st.before_play is None:
                continue
            for observer in range(st.n):
                draw = st.search_sampler(observer, random.Random(k))
                rng = random.Random(k)
                for _ in range(3):
                    assert dealt(draw()) == dealt(st.search_copy(observer, rng))
            taken_back += st.before_play is not None
            demanded += any(b.owner != 0 for b in st.builds.values())
    assert taken_back > 3 and demanded > 20, (taken_back, demanded)


def test_a_search_samples_generator_is_seeded_only_when_read() -> None:
    """A search's sample carries ``SeededOnUse`` (a search copy never deals again, so its
    generator is seldom read): unread, no generator is made; read, it draws, shuffles and
    copies as ``random.Random(seed)`` does, and a copy of the sample gets its state."""
    from cardsuite.games.african_casino.sampling import SeededOnUse

    lazy = SeededOnUse(12345)
    assert lazy._rng is None
    real = random.Random(12345)
    assert lazy.getrandbits(63) == real.getrandbits(63) and lazy.random() == real.random()
    cards, same = list(range(30)), list(range(30))
    lazy.shuffle(cards)
    real.shuffle(same)
    assert cards == same and lazy.getstate() == real.getstate()
    st = next(iter(positions(4, 1, 1)))
    sample = st.search_sampler(0, random.Random(3))()
    assert type(sample.rng) is SeededOnUse and sample.rng._rng is None
    assert sample.clone().rng.getstate() == sample.rng.getstate()


def test_a_search_sample_plays_as_a_copy_logging_nothing() -> None:
    """A search's sample (``_search_copy``) logs the steps the kernel carries out lean not at
    all (nothing reads a search copy's log) and plays them to the very positions a copy
    that logs them reaches, with the play-out policy (``rollout_action``) and at random."""
    from cardsuite.games.african_casino.bots import rollout_action

    def position(st: CasinoState) -> dict[str, object]:
        data = st.to_json()
        del data["events"], data["rng"]
        return data

    played = logged = twin_logged = 0
    for players in (2, 3, 4):
        for k, st in enumerate(positions(players, 2, 5)):
            if k % 7:
                continue
            sample = st.search_sampler(st.to_move() or 0, random.Random(k))()
            twin = sample.clone()
            twin._search_copy = False
            rng, same = random.Random(k), random.Random(k)
            for m in range(30):
                if sample.is_over() or sample.deal_no != st.deal_no:
                    break
                if m % 2:
                    act, twin_act = rollout_action(sample, rng), rollout_action(twin, same)
                else:
                    legal, twin_legal = sample.legal_actions(), twin.legal_actions()
                    i = int(rng.random() * len(legal))
                    same.random()
                    act, twin_act = legal[i], twin_legal[i]
                assert str(act) == str(twin_act)
                sample.apply(act)
                twin.apply(twin_act)
                if sample.deal_no != st.deal_no:  # (a search copy deals no next deal)
                    break
                assert position(sample) == position(twin)
                played += 1
            logged += len(sample.events)
            twin_logged += len(twin.events)
    assert played > 300, played
    assert logged < twin_logged * 0.6, (logged, twin_logged)  # (trails and words still log)
