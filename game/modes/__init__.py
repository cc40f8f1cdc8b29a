"""The modes: ways of playing a board (solo, free, hot seat, viewed, refereed), without pygame.

A mode is handed the session, the dealer and the application's services; it returns effects
(game/play/commands.py) and never draws. `mode.py` holds what every mode shares, each
puzzle's modes are in a module of its own (genius.py, macmahon.py), `refereed.py` is the mode
of a board a server referees.
"""
