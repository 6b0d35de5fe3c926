"""Half-sent requests (slowloris) do not shut students out.

Raw TCP sockets send a request's first line and one header, then nothing:
the server closes each once its header deadline passes, and closes at once
a connection from an address that holds its cap already (the tests turn the
loopback exemption off to check the cap from 127.0.0.1).
"""

from __future__ import annotations

import socket
from typing import Any
from urllib.parse import urlparse

import httpx

from prohis_nb.live.server import Limits


def half_request(url: str) -> socket.socket:
    address = urlparse(url)
    sock = socket.create_connection((address.hostname, address.port), timeout=30)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    return sock


def closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """True if the server closes ``sock`` (reads end) within ``timeout`` seconds."""
    sock.settimeout(timeout)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_request_whose_headers_never_end_is_closed(class_server: Any) -> None:
    limits = Limits(rate=10_000, burst=10_000, students_per_address=None, header_seconds=1.0)
    session = class_server("convoy", rounds=1, limits=limits)
    sock = half_request(session.url)
    sock.sendall(b"X-Slow: 1\r\n")  # trickling headers does not buy more time
    assert closed_by_server(sock, 20)
    sock.close()


def test_one_address_holds_only_so_many_connections(class_server: Any) -> None:
    limits = Limits(rate=10_000, burst=10_000, students_per_address=None, header_seconds=60,
                    connections_per_address=5, loopback_exempt=False)  # fmt: skip
    session = class_server("convoy", rounds=1, limits=limits)
    held = [half_request(session.url) for _ in range(5)]
    for sock in held:
        assert not closed_by_server(sock, 0.2)  # within the cap: kept
    extra = half_request(session.url)
    assert closed_by_server(extra, 20)  # over the cap: closed at once
    extra.close()
    held.pop().close()  # one goes away: a real request gets through again
    for _ in range(50):
        try:
            answer = httpx.get(session.url + "/api/health", timeout=5)
            break
        except httpx.TransportError:
            continue  # the slot frees when the server has seen the close
    assert answer.json() == {"ok": True}
    for sock in held:
        sock.close()
