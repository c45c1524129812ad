"""Thin Discord adapters, one package per variant (+ gm): read arguments, check permissions,
call a service, format the reply. No rules here."""
