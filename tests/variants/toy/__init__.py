"""A toy fourth variant: two powers on a six-space board. Everything it needs lives in this
folder; ``register()`` is its whole registration (the contract, docs/ARCHITECTURE.md)."""
