"""Let's Waltz, the expansion (issue 17): modules 2 (Celebrities), 3 (Unique Hotels), 4 (Start Player) and the
objectives and Emperor tiles of module 5, as the game option `GameConfig.modules`.

Each module is a unit (issue 54, item 3), a package with its own state dataclass, its rules, its decision kinds
(`decisions.py`, `payloads.py`), its behaviours and `mount(hooks)`, which adds its handlers to the hook points of
a game that chose it (`engine.gah.hooks.mounted`); its decision kinds are known only to such a game
(`engine.gah.decisions.registry.GameDecisions`):

- `celebrities`: the lounge and its coloured dice, Freud and Einstein, Elisabeth (the solo opponent with it), the
  dustbin die and Einstein's swap, the celebrities' abilities (`abilities`);
- `unique_hotels`: the entrance auction, the entrances acting at a turn's or a round's steps, Ninas Melange's
  objectives, the solo opponent's own entrances, Mayenfels' draw and Kaufman's paid guest, the entrances'
  abilities (`abilities`);
- `start_player`: the clockwise turn order, the skeleton key and its action;
- `more_objectives`: the piles its objective 2018 keeps, its Emperor tiles' behaviours (`emperor_tiles`) and
  the A6 tile's returned item.

Shared by the modules: `cards` (celebrities, entrances and constants from engine/gah/data/), `state` (`WaltzState`,
one part per module, stored as one flat object), `setup` (what every game with a module mounts first),
`die_actions` (the die actions modules 2 and 3 change), and `plug_in`, the one place that registers all of this
(`engine.gah.hooks`); the base game's core imports none of these modules.
"""
