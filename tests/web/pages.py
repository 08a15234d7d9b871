"""A page's side of the live messages, as ``static/play.js`` keeps it: the whole message it has, with
every ``patch`` applied (:mod:`loopcity.web.delta`)."""

from __future__ import annotations

from typing import Any

from loopcity.web import delta


class Page:
    """One open WebSocket and the message its page has."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.has: dict[str, Any] | None = None
        self.texts: list[str] = []
        """every message received, as sent"""

    def receive(self) -> dict[str, Any]:
        """The next message: for a ``state`` or a ``patch``, the whole message the page has now."""
        text = self.ws.receive_text()
        self.texts.append(text)
        return self.take(text)

    def take(self, text: str) -> dict[str, Any]:
        import json

        msg = json.loads(text)
        if msg["type"] == "state":
            self.has = msg
        elif msg["type"] == "patch":
            assert self.has is not None, "a patch came before any state"
            assert msg["base"] == self.has["ref"], "a patch to a message the page does not have"
            self.has = delta.apply(self.has, msg["o"])
            assert self.has["version"] == msg["version"]
        else:
            return msg
        return self.has
