"""``cardsuite serve``: the page (``app_index.html``) and the server (``serve.py``)."""
