"""Let's Waltz, the expansion (issue 17): modules 2 (Celebrities), 3 (Unique Hotels), 4 (Start Player) and the
objectives and Emperor tiles of module 5, as the game option `GameConfig.modules`.

- `state`: the modules' pieces (`GameState.waltz`, None without modules); a player's celebrities and entrance
  live on `PlayerState` (`celebrities`, `entrance`), where the behaviour registry finds their rows.
- `cards`: celebrities, entrances and constants from engine/gah/data/.
- `setup`, `auction`: setup and the entrance auction; `lounge`: coloured dice and celebrities; `rounds`: round
  and turn bookkeeping; `turn`: the turn's new choices; `piles` and `objectives`: completed-guest piles and
  Ninas Melange; `decisions`: the new decision kinds; `handlers` and `effects`: behaviours in
  `engine.gah.behaviours` (celebrities, entrances, module-5 tiles).
- `plug_in`: the one place that registers all of this at the core's hook points (`engine.gah.hooks`); the base
  game's core imports none of these modules.
"""
