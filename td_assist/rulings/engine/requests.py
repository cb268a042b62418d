"""What a shell sends in: the irregularity read by its ``kind``, and the ruling request.

``Irregularity`` is a tagged union by ``kind``: the report classes are the wizards'
own (``@irregularity_kind`` in ``model``), so reading one needs the wizards loaded,
which is the registry's work; this module sits above both, so that the model needs
no wizard and nothing imports in a circle.
"""

from __future__ import annotations

import json
from typing import Annotated

from pydantic import Field, PlainSerializer, PlainValidator, ValidationError

from td_assist.bridge.board import Board, record_error_from
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.kept import Kept
from td_assist.rulings.engine.model import IrregularityReport, _Model, registered_kinds
from td_assist.rulings.engine.registry import load_wizards


def irregularity_kinds() -> dict[str, type[IrregularityReport]]:
    load_wizards()  # each wizard module registers its kind when imported
    return registered_kinds()


def parse_irregularity(data: object) -> IrregularityReport:
    """Read an irregularity by its ``kind``; a ValueError names the problem."""
    if isinstance(data, IrregularityReport):
        return data
    if not isinstance(data, dict):
        raise ValueError("the irregularity must be an object with a 'kind'")
    kinds = irregularity_kinds()
    kind = data.get("kind")
    model = kinds.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise ValueError(f"unknown irregularity kind '{kind}' (known: {', '.join(sorted(kinds))})")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first.get("loc", ())) or "kind"
        message = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
        raise ValueError(f"{field}: {message}") from None


Irregularity = Annotated[
    IrregularityReport,
    PlainValidator(parse_irregularity),
    PlainSerializer(lambda report: report.model_dump(mode="json"), return_type=dict),
]


class RulingRequest(_Model):
    """The body of ``POST /api/rulings/<wizard>`` and of a ``td-assist rule`` JSON file."""

    board: Board | None = None
    irregularity: Irregularity | None = None
    answers: dict[str, str] = Field(default_factory=dict, max_length=100)


BOARDS_KEPT = 256  # boards asked about again (a walk through the API, question by question)
LONGEST_BOARD_KEPT = 20_000  # characters of JSON: every real board; a padded one is read each time
_boards_kept: Kept[str, Board] = Kept(BOARDS_KEPT)


def parse_request(data: object, where: str = "request") -> RulingRequest:
    """A request from JSON data (the API's body, a ``td-assist rule`` .json file); a
    RecordError names the problem and ``where``.

    A board read and checked once is kept under its JSON (issue 29): the same board sent
    again (the next question of a walk, another phone) is not read and checked again.
    A Board is frozen, and only a board that passed every check is kept, so a bad one
    gets its error every time.
    """
    if not isinstance(data, dict):
        raise RecordError(
            _("the request must be a JSON object with board, irregularity, answers"), where=where
        )
    key = _board_key(data.get("board"))
    kept = _boards_kept.get(key) if key is not None else None
    try:
        request = RulingRequest.model_validate(data if kept is None else {**data, "board": kept})
    except ValidationError as error:
        raise record_error_from(error).located(where) from None
    if request.board is not None and kept is None:
        try:
            request.board.validate_record()
        except RecordError as error:
            raise error.located(f"{where}, board") from None
        normalized = request.board.normalized()
        if normalized is not request.board:  # a board sent in its one form is kept as is
            request = request.model_copy(update={"board": normalized})
        if key is not None and request.board is not None:
            _boards_kept.put(key, request.board)
    return request


def _board_key(board: object) -> str | None:
    """The board's JSON written one way (keys sorted), or None: not an object, or too long."""
    if not isinstance(board, dict):
        return None
    try:
        key = json.dumps(board, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return key if len(key) <= LONGEST_BOARD_KEPT else None
