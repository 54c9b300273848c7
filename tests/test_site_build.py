"""Native tests of the site build integration (pysrc/flipcards_site), without a full build.

The fence is tested through a Markdown instance made from the real ``mkdocs.yml``; the plugin
through an ``MkDocsConfig`` built from a dict.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import importlib.util
import io
import json
import logging
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import markdown  # type: ignore[import-untyped]
import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from flipcards_site import api_refs, app, assets, examples, fence, gallery, stylesheets
from flipcards_site.card_examples import CARD_EXAMPLES, FLIPPED_EXAMPLES
from flipcards_site.plugin import FlipCardsPlugin

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "pysrc" / "flipcards"


@pytest.fixture(scope="module")
def site_config() -> MkDocsConfig:
    return load_config(str(ROOT / "mkdocs.yml"))


def model_modules() -> dict[str, ModuleType]:
    return {name: module for name, module in sys.modules.items()
            if name == "flipcards" or name.startswith("flipcards.")}


@pytest.fixture(autouse=True)
def fresh_build(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test is its own build: an empty output cache and no page in progress.

    A new build fingerprint makes the build reload the model package; the modules the other
    test files imported are put back afterwards, so that their classes stay the same objects.
    """
    saved = model_modules()
    examples.begin_build(f"test:{request.node.nodeid}")
    yield
    examples.finish_page()
    examples.end_build()
    for name in model_modules():
        del sys.modules[name]
    sys.modules.update(saved)


def convert(config: MkDocsConfig, page: str, text: str) -> str:
    """Convert `text` as the plugin converts the page `page`, with the site's extensions."""
    md = markdown.Markdown(extensions=config.markdown_extensions,
                           extension_configs=config.mdx_configs)
    examples.start_page(page)
    try:
        html = str(md.convert(gallery.expand_markers(text, page)))
    finally:
        examples.finish_page()
    fence.check_unrecognized(html, page)
    return html


def fence_block(code: str, options: str = "") -> str:
    return f"```flipcards{' ' + options if options else ''}\n{code}\n```\n"


def parse_examples(html: str) -> list[ET.Element]:
    """The example blocks of a converted page (each one is well-formed XML)."""
    blocks = []
    start = html.find('<div class="fc-example"')
    while start != -1:
        end = html.index("\n</div>", start) + len("\n</div>")
        blocks.append(ET.fromstring(html[start:end]))
        start = html.find('<div class="fc-example"', end)
    return blocks


def output_text(block: ET.Element) -> str:
    output = block.find("pre[@class='fc-output no-copy']")
    assert output is not None
    return "".join(output.itertext())


# --- the fence ------------------------------------------------------------------------------


def test_example_html_is_the_contract_shape(site_config: MkDocsConfig) -> None:
    code = 'x = "<b>&"\nprint(x)'
    [block] = parse_examples(convert(site_config, "page.md", fence_block(code)))
    assert block.attrib == {"class": "fc-example", "id": "example-1"}
    assert [child.tag for child in block] == ["div", "template", "div", "pre"]
    source, template, toolbar, output = block
    # no-copy: the theme adds no copy button of its own (the toolbar has one).
    assert source.get("class") == "fc-source no-copy"
    assert source.find("pre/code[@class='language-python']") is not None
    assert "".join(source.itertext()) == code
    assert template.attrib == {"class": "fc-code", "data-search-exclude": ""}
    assert "".join(template.itertext()) == code  # the parser decodes the escapes
    # Out of the search index, as the template is: the buttons are not what the page says.
    assert toolbar.attrib == {"class": "fc-toolbar", "data-search-exclude": ""}
    # The buttons are in the HTML, so Run can be pressed before the runtime's script runs.
    buttons = toolbar.findall("button")
    assert [(b.get("class"), b.text, b.get("aria-label")) for b in buttons] == [
        ("fc-button fc-run", "Run", "Run example 1"),
        ("fc-button fc-edit", "Edit", "Edit example 1"),
        ("fc-button fc-reset", "Reset", "Reset example 1"),
        ("fc-button fc-copy", "Copy", "Copy the code of example 1"),
        ("fc-button fc-share", "Share", "Share example 1"),
        ("fc-button fc-stop", "Stop", "Stop example 1"),
    ]
    assert all(b.get("type") == "button" for b in buttons)
    assert [b.get("disabled") is not None for b in buttons] == [False] * 5 + [True]
    status = toolbar.find("span[@class='fc-status']")
    assert status is not None and status.get("role") == "status"
    assert output.attrib == {"class": "fc-output no-copy", "id": "example-1-output",
                             "aria-live": "polite"}
    assert output_text(block) == "<b>&\n"


def test_code_is_html_escaped_in_the_template_element(site_config: MkDocsConfig) -> None:
    code = 'print("</template><b>&amp;")'
    html = convert(site_config, "page.md", fence_block(code))
    assert ('<template class="fc-code" data-search-exclude="">'
            'print("&lt;/template&gt;&lt;b&gt;&amp;amp;")</template>') in html


def test_examples_are_numbered_in_page_order(site_config: MkDocsConfig) -> None:
    text = "\n".join(fence_block(f"print({n})") for n in range(1, 4))
    blocks = parse_examples(convert(site_config, "page.md", text))
    assert [b.get("id") for b in blocks] == ["example-1", "example-2", "example-3"]
    assert [output_text(b) for b in blocks] == ["1\n", "2\n", "3\n"]


def test_numbering_restarts_on_each_page(site_config: MkDocsConfig) -> None:
    convert(site_config, "one.md", fence_block("print(1)") + fence_block("print(2)"))
    [block] = parse_examples(convert(site_config, "two.md", fence_block("print(3)")))
    assert block.get("id") == "example-1"


def test_unknown_fence_option_fails_the_build(site_config: MkDocsConfig) -> None:
    text = fence_block("print(1)") + fence_block("print(2)", 'edition="2004"')
    with pytest.raises(PluginError, match=r"bad\.md: example 2: unknown option edition='2004'"):
        convert(site_config, "bad.md", text)


@pytest.mark.parametrize("options", ['edition-pair="2004"', 'session="a" edition-pair'])
def test_unreadable_fence_header_fails_the_build(site_config: MkDocsConfig,
                                                 options: str) -> None:
    # SuperFences does not take such a header for a fence at all; the page check finds it.
    with pytest.raises(PluginError, match=r"bad\.md: a flipcards fence with an unreadable"):
        convert(site_config, "bad.md", "Text.\n\n" + fence_block("print(1)", options))


def test_fence_syntax_shown_in_text_or_code_is_not_an_error(site_config: MkDocsConfig) -> None:
    text = ("A paragraph that wraps so that its second line\nflipcards starts with the word.\n\n"
            "````text\n" + fence_block("print(1)", 'edition-pair="x"') + "````\n\n"
            "~~~~text\n~~~flipcards edition-pair=\"x\"\nprint(1)\n~~~\n~~~~\n")
    html = convert(site_config, "about.md", text)
    assert "fc-example" not in html


def test_session_option_needs_a_name(site_config: MkDocsConfig) -> None:
    with pytest.raises(PluginError, match="session"):
        convert(site_config, "bad.md", fence_block("print(1)", "session"))


def test_stderr_is_rendered_after_stdout(site_config: MkDocsConfig) -> None:
    code = 'import sys\nprint("out")\nprint("err", file=sys.stderr)'
    [block] = parse_examples(convert(site_config, "page.md", fence_block(code)))
    stderr = block.find("pre/code/span[@class='fc-stderr']")
    assert stderr is not None and stderr.text == "err\n"
    assert output_text(block) == "out\nerr\n"


def test_example_without_output_has_empty_output(site_config: MkDocsConfig) -> None:
    [block] = parse_examples(convert(site_config, "page.md", fence_block("x = 1")))
    assert output_text(block) == ""


# --- sessions -------------------------------------------------------------------------------


def test_session_examples_share_a_namespace_in_page_order(site_config: MkDocsConfig) -> None:
    text = (fence_block("x = 1\nprint(x)", 'session="a"')
            + fence_block("print('alone')")
            + fence_block("x += 1\nprint(x)", 'session="a"')
            + fence_block("x = 10\nprint(x)", 'session="b"')
            + fence_block("x *= 3\nprint(x)", 'session="a"'))
    blocks = parse_examples(convert(site_config, "page.md", text))
    assert [output_text(b) for b in blocks] == ["1\n", "alone\n", "2\n", "10\n", "6\n"]
    assert [b.get("data-fc-session") for b in blocks] == ["a", None, "a", "b", "a"]


def test_example_without_session_starts_fresh(site_config: MkDocsConfig,
                                              caplog: pytest.LogCaptureFixture) -> None:
    text = fence_block("x = 1") + fence_block("print(x)")
    with caplog.at_level(logging.ERROR):
        blocks = parse_examples(convert(site_config, "page.md", text))
    assert "NameError: name 'x' is not defined" in output_text(blocks[1])


def test_sessions_do_not_cross_pages(site_config: MkDocsConfig,
                                     caplog: pytest.LogCaptureFixture) -> None:
    convert(site_config, "one.md", fence_block("x = 1", 'session="a"'))
    with caplog.at_level(logging.ERROR):
        [block] = parse_examples(
            convert(site_config, "two.md", fence_block("print(x)", 'session="a"')))
    assert "NameError" in output_text(block)


# --- failures -------------------------------------------------------------------------------


def test_failing_example_names_page_and_example(site_config: MkDocsConfig,
                                               caplog: pytest.LogCaptureFixture) -> None:
    text = fence_block("print('fine')") + fence_block("print('before')\n1 / 0")
    with caplog.at_level(logging.ERROR, logger="mkdocs.plugins.flipcards"):
        blocks = parse_examples(convert(site_config, "rules/broken.md", text))
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    message = record.getMessage()
    assert message.startswith("rules/broken.md: example 2 (#example-2) raised")
    assert 'File "<example-2>", line 2, in <module>' in message
    assert "1 / 0" in message and "ZeroDivisionError: division by zero" in message
    assert "examples.py" not in message  # only the example's own frames
    assert output_text(blocks[1]).startswith("before\nTraceback (most recent call last):")


def test_traceback_leaves_out_the_model_frames() -> None:
    page = examples.PageExamples("page.md")
    result = page.run('from flipcards import Game\nGame("2004").put("Bushi Tenderfot")')
    assert result.outcome.error is not None
    frames = [line for line in result.outcome.error.splitlines() if line.startswith("  File")]
    assert frames == ['  File "<example-1>", line 2, in <module>']
    assert "Bushi Tenderfoot" in result.outcome.error  # the suggestion of the model's error


def test_example_over_the_time_limit_fails() -> None:
    page = examples.PageExamples("slow.md", timeout=0.2)
    result = page.run("while True:\n    pass")
    assert result.outcome.error is not None
    assert "longer than 0.2 s" in result.outcome.error


def test_system_exit_counts_as_a_failure() -> None:
    result = examples.PageExamples("page.md").run("raise SystemExit(3)")
    assert result.outcome.error is not None and "SystemExit: 3" in result.outcome.error


# --- the cache ------------------------------------------------------------------------------


def test_unchanged_examples_come_from_the_cache(site_config: MkDocsConfig,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    text = fence_block("x = 1\nprint(x)", 'session="s"') + fence_block("print(x + 1)",
                                                                          'session="s"')
    first = [output_text(b) for b in parse_examples(convert(site_config, "page.md", text))]
    runs: list[str] = []
    original = examples._execute_one

    def counting(filename: str, code: str, *args: object, **kwargs: object) -> examples.Outcome:
        runs.append(filename)
        return original(filename, code, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(examples, "_execute_one", counting)
    again = [output_text(b) for b in parse_examples(convert(site_config, "page.md", text))]
    assert again == first == ["1\n", "2\n"] and runs == []

    # The second example changed: the first comes from the cache, so its namespace is
    # rebuilt by replaying it quietly before the changed example runs.
    edited = text.replace("print(x + 1)", "print(x + 2)")
    outputs = [output_text(b) for b in parse_examples(convert(site_config, "page.md", edited))]
    assert outputs == ["1\n", "3\n"]
    assert runs == ["<example-1>", "<example-2>"]


def test_a_changed_model_empties_the_cache() -> None:
    examples.begin_build("model v1")
    examples.PageExamples("page.md").run("print(1)")
    assert examples._cache
    examples.begin_build("model v2")
    assert not examples._cache


# --- markers and the card gallery --------------------------------------------------------------


def test_unknown_marker_fails_the_build() -> None:
    with pytest.raises(PluginError, match=r"cards\.md: unknown marker <!-- flipcards:card -->"):
        gallery.expand_markers("# Cards\n\n<!-- flipcards:card -->\n", "cards.md")


def test_marker_is_expanded_only_alone_on_its_line() -> None:
    handlers = {"cards": lambda: "GALLERY"}
    text = "Write `<!-- flipcards:cards -->` on a line.\n\n  <!-- flipcards:cards -->  \n"
    assert gallery.expand_markers(text, "p.md", handlers) == (
        "Write `<!-- flipcards:cards -->` on a line.\n\nGALLERY\n")


def test_gallery_has_every_flip_card_with_a_stable_anchor(site_config: MkDocsConfig,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="mkdocs.plugins.flipcards"):
        page = "# Cards\n\n" + fence_block("print('first')") + "\n<!-- flipcards:cards -->\n"
        html = convert(site_config, "cards.md", page)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert html.count('class="fc-card-entry"') == 21
    for anchor in ("bushi-tenderfoot", "akki-lavarunner", "rune-tail-kitsune-ascendant",
                   "curse-of-the-fire-penguin"):
        assert f'<h2 id="{anchor}">' in html
    blocks = parse_examples(html)
    # The gallery's examples follow the page's own in page order: each card's own game, then
    # its flipped half at work.
    count = 1 + 21 + len(FLIPPED_EXAMPLES)
    assert [b.get("id") for b in blocks] == [f"example-{n}" for n in range(1, count + 1)]
    assert "Kenzo the Hardhearted" in output_text(blocks[1])



def test_card_frame_reads_normal_half_first_and_links_out() -> None:
    import flipcards

    kenzo = flipcards.card("Kenzo the Hardhearted")
    text = gallery.card_markdown(kenzo)
    assert text.index("fc-card-normal") < text.index("Bushi Tenderfoot</span>") \
        < text.index("fc-card-flipped") < text.index("Kenzo the Hardhearted</span>")
    assert "Flipped half, printed upside down" in text
    assert kenzo.scryfall_url.replace("&", "&amp;") in text
    assert kenzo.gatherer_url in text


def test_508_each_card_s_playground_link_says_the_rules_it_opens_under() -> None:
    """Budoka Gardener's example plays by the rules of 2004, and its "Open in the playground"
    opened a situation of today's rules without a word: the link says which rules."""
    import flipcards

    for card in (c for c in flipcards.all_cards() if c.flipped is not None):
        rules = gallery.card_scenario(card)["rules"]
        words = "the rules of 2004" if rules == "2004" else "today's rules"
        link = gallery.card_markdown(card).split('class="fc-open-playground"')[1].split("</p>")[0]
        assert f">Open in the playground ({words})</a>" in link, card.normal.name
        assert f'aria-label="Open {card.normal.name} in the playground, under {words}"' in \
            link.replace("&#x27;", "'"), card.normal.name


def test_aura_example_enchants_a_creature() -> None:
    import flipcards

    penguin = flipcards.card("Curse of the Fire Penguin")
    assert "attached_to=bears" in gallery.card_example(penguin)


def run_natively(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<example>", "exec"), {})
    return out.getvalue()


def test_every_flip_card_has_an_example_in_which_it_earns_its_flip() -> None:
    import flipcards

    flip_cards = [c for c in flipcards.all_cards() if c.flipped is not None]
    assert {c.normal.name for c in flip_cards} == set(CARD_EXAMPLES)
    for card in flip_cards:
        assert card.flipped is not None
        code = gallery.card_example(card)
        assert len(code.splitlines()) <= 12, card.normal.name
        output = run_natively(code)
        assert output.splitlines()[0].startswith(card.normal.name), card.normal.name
        assert card.flipped.name in output, card.normal.name
        if card.normal.name != "Curse of the Fire Penguin":
            # It flips by its own condition (Homura: returns flipped) and ends the game flipped.
            assert "game.flip(" not in code, card.normal.name
            last = output.splitlines()[-1]
            assert last.startswith(card.flipped.name) and "flipped" in last, card.normal.name
        assert run_natively(code) == output  # deterministic


def test_fire_penguin_entry_says_what_is_and_is_not_simulated() -> None:
    import flipcards

    text = gallery.card_markdown(flipcards.card("Curse of the Fire Penguin"))
    assert "game.flip(curse)" in text
    assert "Simulated:" in text and "Not simulated:" in text
    # What it does to the creature it enchants is simulated (the card's other example shows
    # the 6/5 Penguin): only the flip's cause is not.
    assert "Not simulated: a reason to flip" in text
    enchanted = flipcards.Game("2004")
    bears = enchanted.put("Grizzly Bears", owner="Bob")
    enchanted.put("Curse of the Fire Penguin", attached_to=bears)
    assert (bears.power, bears.toughness, bears.subtypes, bears.keywords) == (
        6, 5, ("Penguin",), ("Trample",))


def test_card_without_an_example_fails_the_build() -> None:
    import flipcards

    lost = dataclasses.replace(flipcards.card("Bushi Tenderfoot"),
                               normal=dataclasses.replace(flipcards.card("Bushi Tenderfoot").normal,
                                                          name="Bushi Lost"))
    with pytest.raises(PluginError, match="no example for Bushi Lost"):
        gallery.card_markdown(lost)


def test_scenario_marker_shows_the_packaged_scenario() -> None:
    text = gallery.expand_markers("Before\n\n<!-- flipcards:scenario bushi-tenderfoot -->\n",
                                  "heroic-conditions.md")
    assert text.startswith("Before\n\n```json\n{\n")
    body = text.split("```json\n", 1)[1].rsplit("\n```", 1)[0]
    packaged = PACKAGE_DIR / "scenarios" / "bushi-tenderfoot.json"
    assert json.loads(body) == json.loads(packaged.read_text(encoding="utf-8"))
    assert '    {"put": "Bushi Tenderfoot", "as": "bushi"},\n' in body  # one step a line


def test_every_packaged_scenario_reads_back_the_same() -> None:
    for path in sorted((PACKAGE_DIR / "scenarios").glob("*.json")):
        scenario = json.loads(path.read_text(encoding="utf-8"))
        assert json.loads(gallery.scenario_json(scenario)) == scenario, path.name


def test_unknown_scenario_fails_the_build() -> None:
    with pytest.raises(PluginError, match=r"p\.md: <!-- flipcards:scenario bushi -->: no "
                                          r"scenario named 'bushi'.*bushi-tenderfoot"):
        gallery.expand_markers("<!-- flipcards:scenario bushi -->\n", "p.md")


@pytest.mark.parametrize("marker", ["<!-- flipcards:scenario -->",
                                    "<!-- flipcards:scenario a b -->",
                                    "<!-- flipcards:cards bushi-tenderfoot -->"])
def test_marker_with_wrong_arguments_fails_the_build(marker: str) -> None:
    with pytest.raises(PluginError, match=r"p\.md: .* has the wrong arguments; write "):
        gallery.expand_markers(marker + "\n", "p.md")


def test_slugify() -> None:
    assert gallery.slugify("Rune-Tail, Kitsune Ascendant") == "rune-tail-kitsune-ascendant"
    assert gallery.slugify("Rune-Tail's Essence") == "rune-tails-essence"


# --- the package zip ----------------------------------------------------------------------


def test_package_zip_is_deterministic(tmp_path: Path) -> None:
    copy = tmp_path / "flipcards"
    subprocess.run(["cp", "-r", str(PACKAGE_DIR), str(copy)], check=True)
    (copy / "__pycache__").mkdir(exist_ok=True)
    (copy / "__pycache__" / "junk.cpython-311.pyc").write_bytes(b"junk")
    os.utime(copy / "__init__.py", (0, 0))
    built = assets.package_zip(copy)
    assert built == assets.package_zip(PACKAGE_DIR)
    archive = zipfile.ZipFile(io.BytesIO(built))
    names = archive.namelist()
    assert names == sorted(names)
    assert names[0] == "flipcards/" and "flipcards/data/" in names
    assert all(name.startswith("flipcards/") for name in names)
    assert "flipcards/__init__.py" in names and "flipcards/data/cards.json" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    for info in archive.infolist():
        assert info.date_time == assets.ZIP_TIMESTAMP


def test_package_zip_is_importable_with_zipimport(tmp_path: Path) -> None:
    archive = tmp_path / "flipcards.zip"
    archive.write_bytes(assets.package_zip(PACKAGE_DIR))
    check = (
        "import sys; sys.path.insert(0, sys.argv[1]); import flipcards; "
        "assert flipcards.__file__.startswith(sys.argv[1]), flipcards.__file__; "
        "print(sum(c.flipped is not None for c in flipcards.all_cards()))"
    )
    # -S: no site-packages, so the editable install of pysrc cannot answer the import.
    done = subprocess.run([sys.executable, "-S", "-c", check, str(archive)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "21"


# --- the plugin -----------------------------------------------------------------------------


def plugin_config(tmp_path: Path, **options: object) -> MkDocsConfig:
    (tmp_path / "docs").mkdir(exist_ok=True)
    config = MkDocsConfig(config_file_path=str(tmp_path / "mkdocs.yml"))
    config.load_dict({
        "site_name": "Test",
        "docs_dir": str(tmp_path / "docs"),
        "site_dir": str(tmp_path / "site"),
        "markdown_extensions": [{"pymdownx.superfences": {"custom_fences": [
            {"name": "flipcards", "class": "fc-example",
             "validator": fence.validate, "format": fence.format}]}}],
        "plugins": [{"flipcards": {"package_dir": str(PACKAGE_DIR), **options}}],
    })
    errors, _warnings = config.validate()
    assert not errors, errors
    return config


def flipcards_plugin(config: MkDocsConfig) -> FlipCardsPlugin:
    plugin = config.plugins["flipcards"]
    assert isinstance(plugin, FlipCardsPlugin)
    return plugin


def test_missing_pyodide_says_to_run_make_setup(tmp_path: Path) -> None:
    config = plugin_config(tmp_path, pyodide_dir=str(tmp_path / "nowhere"))
    with pytest.raises(PluginError, match="make setup"):
        config.plugins.on_files(Files([]), config=config)


def test_a_lock_file_that_is_not_pyodide_s_says_so_and_to_run_make_setup(tmp_path: Path) -> None:
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    (pyodide / assets.LOCK_FILE).write_text("<html>not found</html>")
    config = plugin_config(tmp_path)
    message = r"pyodide-lock\.json is not a Pyodide lock file.*make setup"
    with pytest.raises(PluginError, match=message):
        assets.pyodide_files(config, pyodide, [assets.LOCK_FILE])


def test_plugin_adds_runtime_package_and_bundle(tmp_path: Path) -> None:
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in [*assets.PYODIDE_FILES, "python_stdlib.zip"]:
        (pyodide / name).write_text(name)
    (pyodide / "README.md").write_text("not shipped")
    info = {"abi_version": "2026_0", "python": "3.14.2"}
    package = {"depends": [], "file_name": "numpy.whl", "imports": ["numpy"]}
    (pyodide / assets.LOCK_FILE).write_text(
        json.dumps({"info": info, "packages": {"numpy": package}}))
    js = tmp_path / "js"
    (js / "chunks").mkdir(parents=True)
    (js / "editor.js").write_text("//")
    (js / "chunks" / "a.js").write_text("//")
    # Without precompiling, Pyodide's own standard library is shipped as it comes (the
    # precompiled one is tested in the browser: site_tests/test_precompiled.py).
    config = plugin_config(tmp_path, pyodide_dir=str(pyodide), js_dir=str(js), precompile=False,
                           font_dir=str(ROOT / "node_modules" / "@fontsource" / "inter" / "files"))
    files = config.plugins.on_files(Files([]), config=config)
    assert files is not None
    stdlib = files.get_file_from_path("assets/python/stdlib.zip")
    assert stdlib is not None and stdlib.content_bytes == b"python_stdlib.zip"
    # Pyodide checks the lock file's info as it starts; none of its packages is shipped.
    lock = files.get_file_from_path(f"assets/pyodide/{assets.LOCK_FILE}")
    assert lock is not None and json.loads(lock.content_bytes) == {"info": info, "packages": {}}
    assert sorted(f.src_uri for f in files) == sorted([
        "assets/flipcards/flipcards.zip",
        "assets/python/stdlib.zip",
        *(f"assets/pyodide/{name}" for name in assets.PYODIDE_FILES),
        "assets/js/chunks/a.js",
        "assets/js/editor.js",
        "manifest.webmanifest",
        *(f"assets/app/{name}" for name, _, _ in app.ICONS),
    ])


def test_the_site_s_own_stylesheets_are_served_as_one_file_in_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = plugin_config(tmp_path)
    # As during the plugin's on_files (the generated file names its plugin).
    monkeypatch.setattr(config.plugins, "_current_plugin", "flipcards", raising=False)
    docs = tmp_path / "docs" / "stylesheets"
    docs.mkdir()
    (docs / "b.css").write_text(".b { color: red; }\n")
    (docs / "a.css").write_text(".a { color: blue; }\n")
    config.extra_css[:] = ["assets/plugin.css", "stylesheets/b.css", "other.css",
                           "stylesheets/a.css"]
    sources = stylesheets.bundle(config)
    assert sources == ["stylesheets/b.css", "stylesheets/a.css"]
    assert config.extra_css == ["assets/plugin.css", stylesheets.BUNDLE_URI, "other.css"]

    files = Files([File(f"stylesheets/{name}", config.docs_dir, config.site_dir, False)
                   for name in ("a.css", "b.css")])
    stylesheets.replace(files, config, sources)
    assert [file.src_uri for file in files] == [stylesheets.BUNDLE_URI]
    bundle = files.get_file_from_path(stylesheets.BUNDLE_URI)
    assert bundle is not None
    text = bundle.content_string
    assert text.index(".b { color: red; }") < text.index(".a { color: blue; }")
    assert "/* --- stylesheets/b.css --- */" in text

    # A file listed but missing is named.
    config.extra_css[:] = ["stylesheets/gone.css"]
    with pytest.raises(PluginError, match=r"stylesheets/gone\.css"):
        stylesheets.replace(Files([]), config, stylesheets.bundle(config))


def test_plugin_requires_the_fence(tmp_path: Path) -> None:
    config = plugin_config(tmp_path)
    config.mdx_configs["pymdownx.superfences"]["custom_fences"] = []
    with pytest.raises(PluginError, match="fence is not registered"):
        flipcards_plugin(config).on_config(config)


def test_plugin_is_registered_by_entry_point() -> None:
    from importlib.metadata import entry_points

    [entry] = entry_points(group="mkdocs.plugins", name="flipcards")
    assert entry.load() is FlipCardsPlugin


# --- after the build: precompressed copies, the service worker ----------------------------


def test_large_compressible_files_get_br_and_gz_copies(tmp_path: Path) -> None:
    import gzip
    import os

    import brotli

    from flipcards_site import compress

    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    text = ("<p>The rule of 2004, word for word.</p>\n" * 2000).encode()
    (site / "page.html").write_bytes(text)
    (site / "small.css").write_bytes(b"a{}" * 10)
    (site / "assets" / "noise.bin").write_bytes(os.urandom(50_000))
    for _ in range(2):  # the second build takes the copies from the cache
        compress.write_precompressed(site, tmp_path / "cache")
        assert brotli.decompress((site / "page.html.br").read_bytes()) == text
        assert gzip.decompress((site / "page.html.gz").read_bytes()) == text
        assert not (site / "small.css.br").exists()  # too small to be worth it
        assert not (site / "assets" / "noise.bin.gz").exists()  # does not compress


def test_the_service_worker_lists_the_pages_apart_from_python_s_files(
    tmp_path: Path,
) -> None:
    import json
    import re

    from flipcards_site import offline

    site = tmp_path / "site"
    for name, text in [("index.html", "home"), ("rule-508/index.html", "rule"),
                       ("assets/pyodide/pyodide.asm.wasm", "wasm"),
                       ("assets/python/stdlib-rest.zip", "rest"),
                       ("javascripts/worker.mjs", "worker"), ("page.html.br", "copy")]:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    template = tmp_path / "sw.js"
    template.write_text("const P = self.__WB_MANIFEST; const R = self.__FLIPCARDS_RUNTIME; "
                        "const H = self.__FLIPCARDS_HEADERS;")
    offline.write_service_worker(site, template)
    code = (site / "sw.js").read_text()
    found = re.fullmatch(r"const P = (.*); const R = (.*); const H = .*;", code)
    assert found
    pages, runtime = json.loads(found.group(1)), json.loads(found.group(2))
    assert [entry["url"] for entry in pages] == ["index.html", "rule-508/index.html"]
    assert pages[0]["revision"] != pages[1]["revision"]
    assert [entry["url"] for entry in runtime["files"]] == [
        "assets/pyodide/pyodide.asm.wasm", "assets/python/stdlib-rest.zip",
        "javascripts/worker.mjs"]
    assert "assets/python/stdlib-rest.zip" not in runtime["warm"]  # cached when first used
    # The same files give the same sw.js (browsers keep their caches); a change changes it.
    offline.write_service_worker(site, template)
    assert (site / "sw.js").read_text() == code
    (site / "rule-508/index.html").write_text("rule, amended")
    offline.write_service_worker(site, template)
    assert (site / "sw.js").read_text() != code


def test_the_service_worker_carries_the_hash_of_every_file_it_caches(tmp_path: Path) -> None:
    """sw.js serves a cached file only if its bytes hash to the revision the build wrote: every
    page and runtime file has one, the first 32 hex digits (128 bits) of its SHA-256."""
    import hashlib
    import re

    from flipcards_site import offline

    site = tmp_path / "site"
    files = {
        "index.html": b"<h1>home</h1>", "404.html": b"<h1>not found</h1>",
        "rule-508/index.html": "<h1>r\u00e8gle</h1>".encode(),
        "search/search_index.json": b'{"docs": []}',
        "assets/javascripts/bundle.js": b"console.log(1)",
        "assets/pyodide/pyodide.asm.wasm": bytes(range(256)) * 64,
        "assets/pyodide/pyodide.mjs": b"export {}", "assets/python/stdlib.zip": b"PK\x05\x06",
        "assets/python/stdlib-rest.zip": b"PK rest", "assets/flipcards/flipcards.zip": b"PK fc",
        "assets/js/editor.js": b"//", "javascripts/worker.mjs": b"// worker",
    }
    skipped = {"page.html.br": b"copy", "sitemap.xml": b"<urlset/>", "_headers": b"/*\n"}
    for name, data in {**files, **skipped}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    template = tmp_path / "sw.js"
    template.write_text("const P = self.__WB_MANIFEST; const R = self.__FLIPCARDS_RUNTIME; "
                        "const H = self.__FLIPCARDS_HEADERS;")

    def written() -> tuple[list[dict[str, str]], dict[str, Any]]:
        offline.write_service_worker(site, template)
        found = re.fullmatch(r"const P = (.*); const R = (.*); const H = .*;",
                             (site / "sw.js").read_text())
        assert found
        return json.loads(found.group(1)), json.loads(found.group(2))

    pages, runtime = written()
    entries = pages + runtime["files"]
    assert sorted(entry["url"] for entry in entries) == sorted(files)  # each file once
    assert {entry["url"] for entry in runtime["files"]} == {
        name for name in files if name.startswith(offline.RUNTIME_PREFIXES)}
    for entry in entries:
        assert re.fullmatch(r"[0-9a-f]{32}", entry["revision"]), entry
        data = (site / entry["url"]).read_bytes()
        assert entry["revision"] == hashlib.sha256(data).hexdigest()[:32], entry["url"]
    # One byte changed in the runtime changes that file's hash, and only that file's.
    (site / "assets/pyodide/pyodide.asm.wasm").write_bytes(bytes(range(256)) * 63 + bytes(256))
    _, changed = written()
    before = {entry["url"]: entry["revision"] for entry in runtime["files"]}
    after = {entry["url"]: entry["revision"] for entry in changed["files"]}
    assert {url for url in before if before[url] != after[url]} == {
        "assets/pyodide/pyodide.asm.wasm"}


def test_app_icons_show_a_flip_card_and_the_maskable_one_keeps_it_in_the_safe_zone() -> None:
    """The app's icons are drawn at their sizes; the maskable icon is filled to its corners
    and its card stays within the middle circle (80 % of the width) that launchers keep."""
    from PIL import Image

    from flipcards_site import previews

    font_dir = ROOT / "node_modules" / "@fontsource" / "inter" / "files"
    for name, size, purpose in app.ICONS:
        image = Image.open(io.BytesIO(app.icon(font_dir, size, purpose))).convert("RGBA")
        assert image.size == (size, size), name
        centre = image.getpixel((size // 2, size // 2))
        assert centre[:3] != previews.PRIMARY, f"{name}: no card in the middle"
        corner = image.getpixel((0, 0))
        if purpose == "any":
            assert corner[3] == 0, f"{name}: its corners are rounded off"
        else:
            assert corner[:3] == previews.PRIMARY and corner[3] == 255, name
    maskable = Image.open(io.BytesIO(app.icon(font_dir, 512, "maskable"))).convert("RGB")
    radius = 0.4 * 512
    outside = [(x, y) for x in range(0, 512, 8) for y in range(0, 512, 8)
               if (x - 256) ** 2 + (y - 256) ** 2 > radius ** 2]
    assert all(maskable.getpixel(p) == previews.PRIMARY for p in outside)
    manifest = json.loads(app.manifest("Flip Cards", "rules"))
    assert [icon["src"] for icon in manifest["icons"]] == [
        f"assets/app/{name}" for name, _, purpose in app.ICONS if purpose != "apple"]


def test_api_reference_roles_link_to_the_entries_they_name() -> None:
    """The reference shows ``:meth:`Game.copy``` as a link to ``Game.copy``'s entry, not as
    the role's text; a target the page does not document becomes plain code."""
    page = ('<h3 id="flipcards.Game">Game</h3><h4 id="flipcards.Game.copy">copy</h4>'
            '<h4 id="flipcards.Filter">Filter</h4><h4 id="flipcards.Effect.resolve">r</h4>'
            '<h4 id="flipcards.Game.resolve">r</h4>'
            '<p>made by :meth:<code>Game.copy</code>; a :class:<code>~flipcards.Filter</code>;'
            ' see :meth:<code>resolve</code> and :mod:<code>flipcards.cards</code>.</p>')
    out = api_refs.link_roles(page).split("<p>")[1]
    assert out == ('made by <a href="#flipcards.Game.copy"><code>Game.copy</code></a>; a '
                   '<a href="#flipcards.Filter"><code>Filter</code></a>; see '
                   '<code>resolve</code> and <code>flipcards.cards</code>.</p>')


def test_a_module_of_the_second_standard_library_zip_is_found_in_its_package_s_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package may have modules in both zips of the standard library (the codecs Python
    starts with in the first, the others in the second): the browser's finder
    (frontend/stdlib/sitecustomize.py) downloads the second zip once, at the first import of
    one of its modules, and finds each of them in its package's folder there."""
    first = tmp_path / "first.zip"
    with zipfile.ZipFile(first, "w") as archive:
        archive.writestr("fcsplit/__init__.py", "")
        archive.writestr("fcsplit/kept.py", "WHERE = 'first'")
        archive.writestr("fcsplit/deep/", "")  # the folder of a package that moved
    second = io.BytesIO()
    with zipfile.ZipFile(second, "w") as archive:
        archive.writestr("fcsplit/moved.py", "WHERE = 'second'")
        archive.writestr("fcsplit/deep/__init__.py", "")
        archive.writestr("fcsplit/deep/inner.py", "WHERE = 'second'")
        archive.writestr("fcwhole/__init__.py", "WHERE = 'second'")
    spec = importlib.util.spec_from_file_location(
        "fc_sitecustomize", ROOT / "frontend" / "stdlib" / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    downloads: list[str] = []

    def download(url: str) -> bytes:
        downloads.append(url)
        return second.getvalue()

    monkeypatch.setattr(module, "REST_MODULES",
                        frozenset({"fcsplit.moved", "fcsplit.deep", "fcsplit.deep.inner",
                                   "fcwhole"}))
    monkeypatch.setattr(module, "REST_ZIP", str(tmp_path / "second.zip"))
    monkeypatch.setattr(module, "_download", download)
    monkeypatch.setattr(sys, "meta_path", [module.RestOfStdlibFinder("rest.zip"),
                                           *sys.meta_path])
    monkeypatch.setattr(sys, "path", [str(first), *sys.path])
    monkeypatch.setattr(sys, "path_importer_cache", {})
    monkeypatch.setattr(sys, "modules", dict(sys.modules))

    kept = importlib.import_module("fcsplit.kept")
    assert kept.WHERE == "first" and downloads == []
    assert importlib.import_module("fcsplit.moved").WHERE == "second"
    assert importlib.import_module("fcsplit.deep.inner").WHERE == "second"
    assert importlib.import_module("fcsplit.deep").__file__.endswith("fcsplit/deep/__init__.py")
    assert importlib.import_module("fcwhole").WHERE == "second"
    assert downloads == ["rest.zip"]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("fcsplit.nowhere")
