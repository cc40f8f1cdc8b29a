"""Squarewise's data files, installed as the package `squarewise_assets` (see setup.py).

Find a file with solver.assets.asset_path('themes', 'base.json'), never by a path of your own.
"""
