"""JSON Schemas (draft 2020-12) of the two record formats, shipped with the package.

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

import json
from importlib import resources
from typing import Any

#: Record format -> the file of its schema in this package.
SCHEMA_FILES: dict[str, str] = {
    "prohis-record/1": "prohis-record.schema.json",
    "smuggle-record/1": "smuggle-record.schema.json",
}


def record_schema(record_format: str) -> dict[str, Any]:
    """The JSON Schema of ``record_format`` (``"prohis-record/1"`` or ``"smuggle-record/1"``)."""
    if record_format not in SCHEMA_FILES:
        raise ValueError(
            f"no schema for the record format {record_format!r}; the formats are "
            f"{', '.join(SCHEMA_FILES)}"
        )
    text = resources.files(__name__).joinpath(SCHEMA_FILES[record_format]).read_text("utf-8")
    return json.loads(text)
