"""JSON Schemas (draft 2020-12) of the record formats, shipped with the package.

``prohis-record.schema.json`` and ``smuggle-record.schema.json`` describe what
docs/records.md and docs/smuggle-records.md say in words, for programs in any
language that write or read records. A record the schema refuses is always
refused by the engine; a record the schema accepts may still be refused for
what a schema cannot express (an illegal move, a table that is not the deck):
docs/record-schema.md lists those. Reading the schemas needs only the
standard library; checking a record against them needs a validator such as
the ``jsonschema`` package::

    >>> from prohis_nb.schemas import record_schema
    >>> record_schema("prohis-record/1")["title"]
    'A Prohis game record (prohis-record/1)'
"""

from __future__ import annotations

from typing import Any

#: Record format -> the file of its schema in this package (the two full games; every
#: registered game names its own schema in its registry entry, a stage game in its folder).
SCHEMA_FILES: dict[str, str] = {
    "prohis-record/1": "prohis-record.schema.json",
    "smuggle-record/1": "smuggle-record.schema.json",
}


def record_schema(record_format: str) -> dict[str, Any]:
    """The JSON Schema of ``record_format`` (``"prohis-record/1"``, ``"convoy-record/1"``...).

    Found through the game registry (:mod:`prohis_nb.core.registry`): each
    game names its schema. An unknown format is a ``ValueError`` naming those
    there are.
    """
    from prohis_nb.core.registry import spec_for_format
    from prohis_nb.errors import UnknownGameError

    try:
        spec = spec_for_format(record_format)
    except UnknownGameError as error:
        raise UnknownGameError(f"no schema for the record format: {error}") from None
    return spec.load("schema")
