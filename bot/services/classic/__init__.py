"""Classic Diplomacy's services: its turn (written orders, missed phases, civil disorder)."""
