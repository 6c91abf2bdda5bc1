"""PettingZoo AEC environments of the four fuda games.

``fuda.pettingzoo.creature_clash_v0.env(num_players=4)``, ``uzumajin_v0``, ``mattsan_v0``
and ``monjan_v0``; every keyword but ``render_mode`` is a field of the game's
configuration (``fuda.default_config(name)`` lists them).
"""

from . import creature_clash_v0, mattsan_v0, monjan_v0, uzumajin_v0

__all__ = ["creature_clash_v0", "mattsan_v0", "monjan_v0", "uzumajin_v0"]
