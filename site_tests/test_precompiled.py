"""Python in the browser runs from the build's bytecode (pysrc/flipcards_site/bytecode.py):
the standard library the examples use and the package are precompiled, and the rest of the
standard library still imports, downloaded on first use. (That every example prints its
pre-rendered output with this Python is test_examples.py.)"""

from __future__ import annotations

from conftest import Site, Traffic
from fcpage import edit, open_page, output_text, run
from playwright.sync_api import Page


def test_python_starts_from_the_precompiled_standard_library(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    # The package's bytecode is there (a spec names a cache path whether or not it exists),
    # and still there for the next run: restoring a clean Python keeps it.
    edit(example, "import json, os, sys, flipcards._game as game\n"
                  "print(json.__file__.endswith('.pyc'), os.path.exists(game.__spec__.cached))\n"
                  "print(sys.modules['traceback'].__file__.endswith('.pyc'))\n")
    for _ in range(2):
        assert run(example) == ("done", "Done")
        assert output_text(example) == "True True\nTrue\n"
    assert traffic.fetched("/assets/python/stdlib.zip")
    assert not traffic.fetched("python_stdlib.zip")  # Pyodide's own zip of sources
    assert not traffic.fetched("/assets/python/stdlib-rest.zip")  # not needed so far


def test_the_rest_of_the_standard_library_imports_on_first_use(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    # Modules of the second zip, a package of it and one of its packages, and a codec whose
    # package (encodings) has the codecs Python starts with in the first zip.
    edit(example, "from fractions import Fraction\nimport statistics, email.mime.text\n"
                  "print(Fraction(1, 3) + 1, statistics.median([3, 1, 2]))\n"
                  "print('é€'.encode('cp1252'), email.mime.text.MIMEText.__name__)\n")
    assert run(example) == ("done", "Done")
    assert output_text(example) == "4/3 2\nb'\\xe9\\x80' MIMEText\n"
    assert len(traffic.fetched("/assets/python/stdlib-rest.zip")) == 1
    edit(example, "import no_such_module_anywhere\n")
    assert run(example) == ("error", "Error")
    assert "ModuleNotFoundError: No module named 'no_such_module_anywhere'" in output_text(example)
    assert len(traffic.fetched("/assets/python/stdlib-rest.zip")) == 1
    assert traffic.errors == []


def test_a_run_downloads_the_rest_of_the_standard_library_at_most_once(
    page: Page, traffic: Traffic, site: Site
) -> None:
    """Reader code can reach the one download the worker keeps for imports; called again in a
    loop it spent the reader's data (a gigabyte in a few seconds). It is tried once: then it
    is refused, and the module it brought still imports."""
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    edit(example, "import statistics\nfrom _flipcards_stdlib_rest import download\n"
                  "for _ in range(20):\n"
                  "    try:\n        download()\n"
                  "    except Exception as error:\n        print(str(error).splitlines()[-1])\n"
                  "print(statistics.median([3, 1, 2]))\n")
    assert run(example) == ("done", "Done")
    refused = "Error: the rest of the standard library was already asked for in this run"
    assert output_text(example) == f"{refused}\n" * 20 + "2\n"
    assert len(traffic.fetched("/assets/python/stdlib-rest.zip")) == 1
