#!/usr/bin/env python3
"""Opens a page in a real headless Chromium and judges it as a user's browser would.

    page_check.py URL --screenshot FILE [--expect TEXT]... [--allow-origin ORIGIN]...

Checks, each a failure when it does not hold:
  - no console message of level SEVERE (errors, CSP violations, failed loads);
  - every request the page makes stays on file:, data: or an allowed loopback origin;
  - axe-core 4.12 (the copy the PyPI package axe-playwright-python bundles, read as a file: the
    package's Playwright side is neither needed nor imported) finds no violation;
  - the page's text contains every --expect TEXT;
  - a full-page screenshot is written to FILE and is not blank (many colours, not one).
Prints one JSON object with what it measured (load time in ms, screenshot size, axe rule
counts) and exits 0 when every check holds, 1 otherwise, 2 when the browser cannot start.
Needs chromium, chromedriver (Debian packages) and the PyPI packages selenium, pillow and
axe-playwright-python (installed with --no-deps).
"""

import argparse
import base64
import importlib.util
import io
import json
import os
import sys


def axe_source():
    """axe-core's script, from the axe-playwright-python package, without importing it."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("axe-playwright-python is not installed: pip install --no-deps axe-playwright-python")
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8") as handle:
        return handle.read()


def check_accessibility(driver, report, problems):
    """Runs axe-core on the page and adds each violation to `problems`."""
    driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    results = driver.execute_async_script(
        "var done=arguments[arguments.length-1];"
        "axe.run(document,{resultTypes:['violations']}).then(done,function(e){done({error:String(e)})});")
    if "error" in results:
        problems.append("axe could not run: %s" % results["error"])
    report["axe_version"] = driver.execute_script("return axe.version")
    report["axe_violations"] = [
        {"id": v["id"], "impact": v.get("impact"), "nodes": len(v.get("nodes", [])),
         "first": (v.get("nodes") or [{}])[0].get("html", "")[:160]}
        for v in results.get("violations", [])]
    for violation in report["axe_violations"]:
        problems.append("axe: %s (%s) on %d element(s), e.g. %s" % (
            violation["id"], violation["impact"], violation["nodes"], violation["first"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--allow-origin", action="append", default=[])
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--skip-axe", action="store_true", help="time the page only (benchmarks)")
    arguments = parser.parse_args()

    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=%d,900" % arguments.width,
                 # Nothing may leave the machine: every host name but loopback fails to resolve.
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:  # the browser is missing or cannot start here
        print(json.dumps({"error": "cannot start chromium: %s" % str(error).splitlines()[0]}))
        return 2
    problems = []
    report = {}
    try:
        driver.set_page_load_timeout(30)
        driver.get(arguments.url)
        timing = driver.execute_script(
            "var t=performance.getEntriesByType('navigation')[0];"
            "return t?{load:t.loadEventEnd,dom:t.domContentLoadedEventEnd,size:t.transferSize}:null;")
        report["load_ms"] = round(timing["load"]) if timing else None
        report["dom_ms"] = round(timing["dom"]) if timing else None

        text = driver.execute_script("return document.body.innerText")
        for expected in arguments.expect:
            if expected not in text:
                problems.append("the page does not say %r" % expected)

        if not arguments.skip_axe:
            check_accessibility(driver, report, problems)

        # The whole page, cut at 16,000 pixels (a 10,000-row report is taller than a PNG can be).
        capture = {"format": "png", "captureBeyondViewport": True}
        width, height = driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        if height > 16000:
            capture["clip"] = {"x": 0, "y": 0, "width": width, "height": 16000, "scale": 1}
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", capture)
        png = base64.b64decode(shot["data"])
        with open(arguments.screenshot, "wb") as handle:
            handle.write(png)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        colours = image.getcolors(maxcolors=1 << 20) or []
        report["screenshot"] = {"bytes": len(png), "width": image.width, "height": image.height, "colours": len(colours)}
        if len(colours) < 16:
            problems.append("the screenshot is blank (%d colours)" % len(colours))

        for entry in driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                problems.append("console: %s" % entry.get("message", "")[:300])
        allowed = ("file:", "data:", "about:", "chrome:", "devtools:") + tuple(arguments.allow_origin)
        requested = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                requested.append(message["params"]["request"]["url"])
        report["requests"] = len(requested)
        for url in requested:
            if not url.startswith(allowed):
                problems.append("a request left the page's origins: %s" % url[:200])
    finally:
        driver.quit()
    report["problems"] = problems
    print(json.dumps(report))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
