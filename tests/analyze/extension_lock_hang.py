"""A process that waits forever for torch's JIT extension lock, as a build interrupted earlier leaves it: the lock
file is made by hand in the extension's build directory, torch.utils.cpp_extension.load() then waits in FileBaton
before any compiler runs, and faulthandler dumps the stack after argv[2] seconds and exits.

Usage: TORCH_EXTENSIONS_DIR=DIR python extension_lock_hang.py SOURCE.cpp SECONDS"""

from __future__ import annotations

import faulthandler
import os
import sys

import torch.utils.cpp_extension as cpp_extension

root = os.environ["TORCH_EXTENSIONS_DIR"]
os.makedirs(os.path.join(root, "stale_ext"), exist_ok=True)
open(os.path.join(root, "stale_ext", "lock"), "w").close()
faulthandler.dump_traceback_later(float(sys.argv[2]), exit=True)
cpp_extension.load(name="stale_ext", sources=[sys.argv[1]])
