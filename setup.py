"""Build of the compiled matching core; everything else about the package is in pyproject.toml.

Without a working C compiler the build does not fail: it prints why and installs the package
without the extension, and fairpair.matching then uses its pure-Python core (same results,
about 10x slower on big Swiss events). Set FAIRPAIR_REQUIRE_COMPILED=1 to make that an error.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """build_ext that falls back to the pure-Python matcher when the C core cannot be built."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all (setuptools raises its own errors)
            self._fallback(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # compiler present but failing (missing Python headers...)
            self._fallback(error)

    def _fallback(self, error: Exception) -> None:
        if os.environ.get("FAIRPAIR_REQUIRE_COMPILED"):
            raise error
        print(
            "\n*** fairpair: the compiled matching core (src/fairpair/matching/_blossom.c) "
            f"could not be built: {error}\n"
            "*** Installing without it: pairing uses the pure-Python matcher, which gives the "
            "same pairings but is about 10x slower for big Swiss events.\n"
            "*** Install a C compiler and the Python headers (Debian: apt-get install gcc "
            "python3-dev) and reinstall to get it.\n",
            file=sys.stderr,
        )


setup(
    ext_modules=[
        Extension(
            "fairpair.matching._blossom",
            sources=["src/fairpair/matching/_blossom.c"],
            extra_compile_args=["-O3", "-funroll-loops"],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
