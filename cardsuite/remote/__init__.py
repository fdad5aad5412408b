"""Remote play: a table server that holds the match, and clients that join it.

``protocol`` (messages, limits, addresses), ``server`` (aiohttp WebSocket table server),
``client`` (the connection a joining table screen draws from), ``remote_match`` (the Match
such a screen draws), ``clock`` (the clock exchange a real-time game's judge needs; Money's
is ``games/money/netreferee.py``). Nothing here imports Textual.
"""
