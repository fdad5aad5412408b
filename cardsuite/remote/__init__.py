"""Remote play: a table server that holds the match, and clients that join it.

``protocol`` (messages, limits, addresses), ``server`` (aiohttp WebSocket table server),
``client`` (the connection a joining table screen draws from), ``clock`` and ``snap``
(Money's snap judged across a network). Nothing here imports Textual.
"""
