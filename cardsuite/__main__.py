"""``python -m cardsuite``: the same as the ``cardsuite`` command."""

from .cli import main

if __name__ == "__main__":
    main()
