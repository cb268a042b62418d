"""Event settings a regulating authority or organiser chooses, not the Laws.

They live in ``settings.toml`` in the per-user folder (on Windows
``%LOCALAPPDATA%\\td-assist``, elsewhere ``~/.local/share/td-assist``;
``TD_ASSIST_HOME`` moves it; ``td-assist adjust`` prints the path), for example::

    # Law 12C1(e): how the non-offenders' serious error after an infraction is scored.
    #   "self_inflicted_part": the adjusted score less the part of the damage they
    #                          caused themselves (the default; EBU White Book method)
    #   "table_result":        they keep their table result
    self_inflicted_method = "self_inflicted_part"

A missing file means the defaults. A file that cannot be read is an error naming
the file and the problem, never a silent default.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.paths import user_dir
from td_assist.rulings.procedures.adjusted_scores import SelfInflictedMethod

SETTINGS_FILE = "settings.toml"


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    self_inflicted_method: SelfInflictedMethod = SelfInflictedMethod.SELF_INFLICTED_PART

    @field_validator("self_inflicted_method", mode="before")
    @classmethod
    def _method(cls, value: object) -> object:
        return SelfInflictedMethod.parse(value) if isinstance(value, str) else value


def settings_path() -> Path:
    return user_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    path = path or settings_path()
    if not path.is_file():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(
            _("cannot read the settings ({reason})").format(reason=error), where=str(path)
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise RecordError(
            _("not valid TOML: {reason}").format(reason=error), where=str(path)
        ) from None
    try:
        return Settings.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(str(p) for p in first["loc"]) or "settings"
        raise RecordError(f"{name}: {first['msg']}", where=str(path)) from None
