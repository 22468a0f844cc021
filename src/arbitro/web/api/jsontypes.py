"""The type of the API's JSON documents (its bodies and its OpenAPI description)."""

from __future__ import annotations

#: A JSON object as the API writes it: ``json.dumps`` reads every value (numbers, text, lists, objects).
JsonObject = dict[str, object]
