"""One rule-error type for every variant: a stable ``code``, its ``params``, and the text of
each code in English and French from the variant's own table (``MESSAGES``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Local:
    """A parameter that reads differently in each language (a country's name)."""

    en: str
    fr: str

    def pick(self, locale: str) -> str:
        return self.fr if locale.startswith("fr") else self.en


def join_local(items: list[Local] | tuple[Local, ...]) -> Local:
    return Local(", ".join(i.en for i in items), ", ".join(i.fr for i in items))


@dataclass(frozen=True)
class RuleError(Exception):
    """A refusal by the rules. Subclasses name their variant and give its ``MESSAGES``:
    code -> (English template, French template), ``str.format`` fields from ``params``."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    variant: ClassVar[str] = ""
    MESSAGES: ClassVar[Mapping[str, tuple[str, str]]] = {}
    FALLBACK: ClassVar[tuple[str, str]] = ("Refused ({code}).", "Refusé ({code}).")

    def template(self, locale: str) -> str:
        en, fr = self.MESSAGES.get(self.code, self.FALLBACK)
        return fr if locale.startswith("fr") else en

    def values(self, locale: str) -> dict[str, Any]:
        return {k: v.pick(locale) if isinstance(v, Local) else v for k, v in self.params.items()}

    def message(self, locale: str = "en") -> str:
        try:
            return self.template(locale).format(code=self.code, **self.values(locale))
        except (KeyError, IndexError, ValueError):
            return self.template(locale)

    @property
    def message_en(self) -> str:
        return self.message("en")

    @property
    def message_fr(self) -> str:
        return self.message("fr")

    def __str__(self) -> str:
        return self.message("en")

    def public_params(self) -> dict[str, Any]:
        """JSON params: a word that reads differently in each language as {"en", "fr"}."""
        return {k: {"en": v.en, "fr": v.fr} if isinstance(v, Local) else v
                for k, v in self.params.items()}

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message_en": self.message_en,
                "message_fr": self.message_fr}
