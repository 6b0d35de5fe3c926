"""Connections that hold the server up without ever asking anything (slowloris), refused.

uvicorn waits for a request's headers for as long as the client trickles
them in, so a thousand half-sent requests from one laptop use up the
server's open files and no student can join. :func:`guarded_http` gives
uvicorn its HTTP/1.1 protocol (h11) with two guards:

* **a header deadline**: a connection that is not in the middle of a request
  (it has not sent a whole request's headers yet, or is idle between two)
  for ``header_seconds`` is closed;
* **a cap per address**: at most ``per_address`` HTTP connections open at
  once from one address; the next one is closed at once. Loopback is exempt
  when ``loopback_exempt`` (a proxy on the same machine: every client comes
  from 127.0.0.1, and the proxy has its own timeouts).

A socket that became a websocket leaves both: the class's own limits (a
hello within 15 s, two sockets per student, pings) take over.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from typing import Any


def guarded_http(header_seconds: float, per_address: int | None, loopback_exempt: bool) -> type:
    """uvicorn's h11 protocol class with the guards of the module docstring."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_from: Counter[str] = Counter()

    class GuardedH11Protocol(H11Protocol):
        _counted: str | None = None
        _deadline: Any = None
        _idle_since = 0.0

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._idle_since = self.loop.time()
            host = self.client[0] if self.client else None
            counted = host is not None and per_address is not None
            if counted and not (loopback_exempt and _is_loopback(str(host))):
                assert host is not None and per_address is not None
                if open_from[host] >= per_address:
                    transport.close()
                    return
                open_from[host] += 1
                self._counted = host
            self._deadline = self.loop.call_later(header_seconds, self._check)

        def _uncount(self) -> None:
            if self._counted is not None:
                open_from[self._counted] -= 1
                if open_from[self._counted] <= 0:
                    del open_from[self._counted]
                self._counted = None

        def connection_lost(self, exc: Exception | None) -> None:
            self._uncount()
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._uncount()
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            self._idle_since = self.loop.time()
            super().on_response_complete()

        def _check(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            if self.cycle is not None and not self.cycle.response_complete:
                left = header_seconds  # a request being answered (a long poll): look again later
            else:
                left = self._idle_since + header_seconds - self.loop.time()
                if left <= 0:  # no whole request for header_seconds: a slow or idle client
                    self.transport.close()
                    return
            self._deadline = self.loop.call_later(left, self._check)

    return GuardedH11Protocol


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
