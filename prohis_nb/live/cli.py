"""``prohis-nb class ...``: run a class server from a terminal (a department server).

``prohis-nb class serve --game prohis --db class.sqlite --host 0.0.0.0 --port 8765``
    serve a class. A database holding a class not yet ended resumes it (after
    a crash or a restart every table carries on where it was); ``--new``
    starts a new class instead. The teacher token is read from the
    ``PROHIS_TEACHER_TOKEN`` environment variable, or made and written to
    ``--token-file`` (default: the database's name + ``.teacher-token``,
    readable by its owner only); it is never printed.
``prohis-nb class token --db class.sqlite``
    give the open class a new teacher token (the old one stops working).
``prohis-nb class export --db class.sqlite FOLDER``
    write the class's records, ``decisions.csv`` and ``decisions.parquet``.

``DATABASE_URL`` (e.g. ``postgresql://user@host/db``) is used when ``--db`` is left out.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``class`` subcommands (called by :mod:`prohis_nb.cli`)."""
    commands = parser.add_subparsers(dest="class_command")
    serve = commands.add_parser("serve", help="serve a class: students join on their phones")
    serve.add_argument("--game", default="prohis", help="the game to play (prohis)")
    serve.add_argument("--db", help="SQLite file or database URL (default: $DATABASE_URL)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8765, help="port (8765; 0: a free one)")
    serve.add_argument("--rounds", type=int, default=10, help="rounds (10)")
    serve.add_argument("--seats", type=int, help="seats per table (the game's usual)")
    serve.add_argument("--bot", help="the bot for empty seats (the game's default)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds before a bot moves")
    serve.add_argument("--drop-timeout", type=float, default=30.0,
                       help="seconds before a bot plays for an absent student (30)")  # fmt: skip
    serve.add_argument("--decision-timeout", type=float,
                       help="seconds a student may take over a decision (no limit)")  # fmt: skip
    serve.add_argument("--fill-after", type=float, default=20.0,
                       help="seconds a late student waits for a table (20)")  # fmt: skip
    serve.add_argument("--break-seconds", type=float, default=5.0, help="pause between rounds (5)")
    serve.add_argument("--seed", type=int, help="the class's secret seed (default: random)")
    serve.add_argument("--max-students", type=int, default=200,
                       help="the most students that may join (200)")  # fmt: skip
    serve.add_argument("--students-per-address", type=int, default=8,
                       help="students that may join from one address (8; 0: no cap, "
                            "for a school behind one NAT address)")  # fmt: skip
    serve.add_argument("--new", action="store_true", help="start a new class even if one is open")
    serve.add_argument("--sqlite-sync", choices=["normal", "full"], default="normal",
                       help="full: a disk flush per commit (survives a power cut)")  # fmt: skip
    serve.add_argument("--token-file", type=Path, help="where to write the teacher token")
    serve.add_argument("--public-url", help="the address students open, if not this one")
    serve.add_argument("--log-level", default="info", choices=["warning", "info", "debug"])
    serve.set_defaults(run=run_serve)

    token = commands.add_parser("token", help="give the open class a new teacher token")
    token.add_argument("--db", help="SQLite file or database URL (default: $DATABASE_URL)")
    token.add_argument("--token-file", type=Path, help="where to write the teacher token")
    token.set_defaults(run=run_token)

    export = commands.add_parser("export", help="write a class's records, CSV and Parquet")
    export.add_argument("folder", type=Path, help="a new (or empty) folder")
    export.add_argument("--db", help="SQLite file or database URL (default: $DATABASE_URL)")
    export.add_argument("--room", help="the class's room code (default: the newest class)")
    export.add_argument("--force", action="store_true", help="write into a folder with files")
    export.set_defaults(run=run_export)
    parser.set_defaults(run=lambda _args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_usage(sys.stderr)
    print("prohis-nb class: choose serve, token or export", file=sys.stderr)
    return 2


def _fail(message: str) -> int:
    print(f"prohis-nb: {message}", file=sys.stderr)
    return 1


def _token_file(args: argparse.Namespace, url: str) -> Path:
    if args.token_file is not None:
        return Path(args.token_file)
    if url.startswith("sqlite:///"):
        return Path(url[len("sqlite:///") :] + ".teacher-token")
    return Path("prohis-class.teacher-token")


def write_token(path: Path, token: str) -> None:
    """Write a token to ``path``, readable and writable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(token + "\n")
    os.chmod(path, 0o600)


def _require() -> int | None:
    from prohis_nb.live import require_live

    try:
        require_live()
    except ImportError as error:
        return _fail(str(error))
    return None


def run_serve(args: argparse.Namespace) -> int:
    failed = _require()
    if failed is not None:
        return failed
    import logging

    from prohis_nb.errors import ProhisNbError
    from prohis_nb.live.config import default_config
    from prohis_nb.live.server import (
        ClassService,
        Limits,
        bind,
        build_app,
        database_url,
        lan_address,
        uvicorn_server,
    )

    url = database_url(args.db)
    settings: dict[str, Any] = {
        "rounds": args.rounds,
        "seats": args.seats,
        "bot": args.bot,
        "bot_delay": args.bot_delay,
        "drop_timeout": args.drop_timeout,
        "decision_timeout": args.decision_timeout,
        "fill_after": args.fill_after,
        "break_seconds": args.break_seconds,
        "max_students": args.max_students,
    }
    if args.seed is not None:
        settings["seed"] = args.seed
    try:
        config = default_config(args.game, **settings)
    except ProhisNbError as error:
        return _fail(str(error))
    env_token = os.environ.get("PROHIS_TEACHER_TOKEN") or None
    token_path = _token_file(args, url)
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()), format="%(asctime)s %(name)s %(message)s"
    )
    per_address = args.students_per_address if args.students_per_address > 0 else None
    service = ClassService(
        url,
        config,
        env_token,
        limits=Limits(students_per_address=per_address),
        resume=not args.new,
        sqlite_sync=args.sqlite_sync,
    )
    try:
        sock = bind(args.host, args.port)
    except OSError as error:
        return _fail(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}")
    port = sock.getsockname()[1]
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
    students_host = shown_host
    if args.host in ("0.0.0.0", "") and not args.public_url:
        students_host = lan_address() or shown_host
        if students_host == shown_host:
            print("prohis-nb: this machine has no network address phones could reach: "
                  "pass --public-url with the address students open", file=sys.stderr)  # fmt: skip
    base = (args.public_url or f"http://{students_host}:{port}").rstrip("/")

    def ready() -> None:
        room = service.room
        assert room is not None
        if env_token is None and service.new_teacher_token is not None:
            write_token(token_path, service.new_teacher_token)
            where = f"written to {token_path} (owner only)"
        elif env_token is not None:
            where = "from PROHIS_TEACHER_TOKEN"
        else:
            where = f"unchanged (in {token_path}; `prohis-nb class token` makes a new one)"
        print(f"prohis-nb class {room.room}: {room.config.game}, {room.config.rounds} rounds, "
              f"{room.state}", flush=True)  # fmt: skip
        print(f"listening on http://{shown_host}:{port}", flush=True)
        print(f"students open {base}/?room={room.room}", flush=True)
        print(f"teacher token {where}", flush=True)

    service.on_ready = ready
    server = uvicorn_server(
        build_app(service),
        sock,
        service.limits,
        log_level=args.log_level,
        on_exit=service.release_waiters,
    )
    server.run(sockets=[sock])
    if service.startup_error is not None:
        return _fail(service.startup_error)
    return 0 if service.room is not None else 1


def run_token(args: argparse.Namespace) -> int:
    failed = _require()
    if failed is not None:
        return failed
    from prohis_nb.live.room import new_teacher_token
    from prohis_nb.live.server import database_url
    from prohis_nb.live.store import Store
    from prohis_nb.live.tokens import token_hash

    url = database_url(args.db)
    store = Store(url)
    rows = store.session_rows(open_only=True)
    if not rows:
        return _fail("no open class in this database")
    token = new_teacher_token()
    store.set_teacher_hash(rows[-1]["id"], token_hash(token))
    path = _token_file(args, url)
    write_token(path, token)
    print(f"class {rows[-1]['room']}: new teacher token written to {path} (owner only)")
    print("a running server reads it when it restarts")
    return 0


def run_export(args: argparse.Namespace) -> int:
    failed = _require()
    if failed is not None:
        return failed
    from prohis_nb.errors import ProhisNbError
    from prohis_nb.live.export import export_session
    from prohis_nb.live.server import database_url
    from prohis_nb.live.store import Store

    folder = Path(args.folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())) and not args.force:
        return _fail(
            f"the folder '{folder}' is not empty: choose a new folder, or add --force "
            "(only the files the export writes are replaced)"
        )
    store = Store(database_url(args.db))
    try:
        folder = export_session(store, args.folder, args.room, overwrite=args.force)
    except (ProhisNbError, LookupError) as error:
        return _fail(str(error).strip("'\""))
    print(f"written to {folder}")
    return 0
