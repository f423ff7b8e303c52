"""The rules of the May I family and ROY, as pure Python (no Flask, no SQLAlchemy).

Modules:
- ``cards``: card codes and packs;
- ``variants``: the built-in variants as data (``variants/*.toml``), and the loader for more;
- ``scoring``: the penalty points of a hand;
- ``melds``: sets, runs, wild assignments and contracts;
- ``may_i``: who takes a claimed discard;
- ``roy``: legal turns in ROY.
"""
from .cards import Card, CardError, parse_card, parse_cards  # noqa: F401
from .variants import Variant, VariantError, get_variant, all_variants  # noqa: F401
from .melds import ContractVerdict, MeldVerdict, WildAssignment, check_contract, check_meld  # noqa: F401,E402
from .may_i import MayIVerdict, resolve_may_i  # noqa: F401,E402
from .roy import RoyEffects, RoyVerdict, check_play  # noqa: F401,E402
