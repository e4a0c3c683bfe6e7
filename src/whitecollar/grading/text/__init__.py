"""Variant-tolerant, context-bound reading of delivered prose (moving into one module per concern)."""
from .sentences import *  # noqa: F401,F403
from .sentences import (  # noqa: F401
    COMPILED_TERMS,
    _as_terms,
    _clause_of,
    _clause_spans,
    _compile_term,
    _negated_at,
    _words_between,
)
