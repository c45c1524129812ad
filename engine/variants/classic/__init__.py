"""Classic Diplomacy: state, orders, adjudication, phases (seed 004; DATC)."""
