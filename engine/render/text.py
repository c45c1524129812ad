"""Player-facing words on a map, in French and English."""

from __future__ import annotations

from engine import variants

WORDS = {
    "centers": {"en": "centres", "fr": "centres"},
    "center": {"en": "centre", "fr": "centre"},
    "territories": {"en": "territories", "fr": "territoires"},
    "territory": {"en": "territory", "fr": "territoire"},
    "preview": {"en": "orders of {power} (preview)", "fr": "ordres de {power} (aperçu)"},
    "failed": {"en": "failed", "fr": "échoué"},
    "dislodged": {"en": "dislodged", "fr": "délogée"},
}


def lang(locale: str) -> str:
    return "fr" if locale.lower().startswith("fr") else "en"


def word(key: str, locale: str, **kw: str) -> str:
    return WORDS[key][lang(locale)].format(**kw)


def count(n: int, singular: str, plural: str, locale: str) -> str:
    return f"{n} {word(singular if n == 1 or (lang(locale) == 'fr' and n == 0) else plural, locale)}"


def phase_title(phase: str | None, locale: str, variant: str | None = None) -> str | None:
    """The title of a map of ``phase``: its variant's (``Variant.phase_title``; classic when
    none is named: ``"S1901M"`` -> ``"Spring 1901 — Movement"``), ``None`` for none (L'Impérialisme
    has no seasons)."""
    if not phase:
        return None
    try:
        named = variants.get(variant or variants.DEFAULT)
    except variants.UnknownVariant:
        named = variants.get(variants.DEFAULT)
    return named.phase_title(phase, locale)
