"""The one thing pyproject.toml cannot say: the top-level `assets/` folder installs as the
package `squarewise_assets`.

Everything else (metadata, dependencies, package discovery, package data) is in
pyproject.toml. `[tool.setuptools.packages.find]` only finds folders under their own names,
and `packages` there is either a list or a find, so the mapped package is added here, after
pyproject.toml is read. Wheels, sdists and editable installs all go through this.
"""
from setuptools import Distribution, setup

ASSETS_PACKAGE, ASSETS_FOLDER = "squarewise_assets", "assets"


class DistributionWithAssets(Distribution):
    def parse_config_files(self, *args, **kwargs):
        super().parse_config_files(*args, **kwargs)
        self.packages = [*(self.packages or []), ASSETS_PACKAGE]
        self.package_dir = {**(self.package_dir or {}), ASSETS_PACKAGE: ASSETS_FOLDER}


setup(distclass=DistributionWithAssets)
