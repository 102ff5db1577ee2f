#!/usr/bin/env python3
"""Turns tuning_data/<arch>/model.json into the compiled-in C++ model table.

    generate_model_table.py [--namespace NS] MODEL_JSON OUTPUT_HPP
    generate_model_table.py --check MODEL_JSON...
    generate_model_table.py --check-tuning-data TUNING_DATA_DIR

The schema is docs/MODEL_TABLES.md. Checks everything its "Validation at load"
lists, with the same rules as the C++ loader (predictors/model_json.hpp), and
stops with one line naming the file and the JSON path when something is wrong,
so a broken table never compiles. --check only validates; --check-tuning-data
validates the model.json of every architecture folder (one with an arch.json)
and fails when one is missing. Standard library only: it runs at build time.

The header holds the arrays as `inline constexpr` data and
compiled_model_table() returning the ModelTable that points into them
(predictors/model_table.hpp). Numbers are written with repr(), the shortest
text that reads back as the same double; the provenance object is kept as its
canonical JSON text (the layout of json.dumps(indent=2, ensure_ascii=False),
numbers as written in the file, integers as their value), which the C++
loader produces too.
"""
import hashlib
import json
import math
import os
import sys

SCHEMA = "aspmv-models/1"
STATUSES = ("trained", "untrained")
MODEL_NAMES = ("tpr_global", "tpr_block", "kernel_known", "kernel_gathered", "gather", "runtime", "format_time",
               "format_conversion")
FEATURES = ("rows", "cols", "nnz", "mean", "density", "min", "max", "var", "max_mu", "sqrt_mean", "cov",
            "dispersion", "mode", "median", "min_dist", "max_dist", "bandwidth", "density_min", "density_max",
            "density_mean", "density_var", "rows_per_cu", "nnz_per_cu", "x_l2_ratio", "mean_per_simd",
            "max_cu_share", "max_per_simd", "calls")
MAX_CLASSES = 256  # predictors/model_table.hpp: max_model_classes
MAX_FEATURES = 64  # max_model_features
INT32 = (-2**31, 2**31 - 1)

TOP_KEYS = ("schema", "arch", "status", "provenance", "models")
MODEL_KEYS = ("algorithm", "features", "classes", "aggregate", "decision", "base_score", "trees", "scores", "support")
TREE_KEYS = ("feature", "threshold", "left", "right", "value", "width", "class_offset")


class TableError(Exception):
    pass


class Num:
    """A JSON number as written in the file. The C++ reader (nlohmann-json,
    predictors/json_document.hpp) reads an integer token as an integer, so "-0"
    is the integer 0 there: value() and canonical() follow it."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def is_integer(self):
        return not any(c in self.text for c in ".eE")

    def value(self):
        """The double it denotes (correctly rounded; inf beyond the double range)."""
        if not self.is_integer():
            return float(self.text)
        try:
            return float(int(self.text))
        except OverflowError:
            return math.inf

    def canonical(self):
        return str(int(self.text)) if self.is_integer() else self.text


def _no_constants(name):
    raise TableError(f"not valid JSON: {name} is not a JSON number")


def _object(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise TableError(f"not valid JSON: duplicate key \"{key}\"")
        out[key] = value
    return out


def parse_json(raw):
    if raw.startswith(b"\xef\xbb\xbf"):
        raise TableError("not valid JSON: a byte order mark before the JSON text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TableError(f"not valid UTF-8: {e}")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_float=Num, parse_int=Num,
                           parse_constant=_no_constants)
    except json.JSONDecodeError as e:
        raise TableError(f"not valid JSON: {e}")
    except RecursionError:
        raise TableError("not valid JSON: nested too deeply")
    _check_values(value, "")
    return value


def _check_values(v, path):
    """json.loads accepts "\\ud800" alone, the C++ reader (UTF-8 only) refuses it;
    it refuses a number beyond the double range (1e999) wherever it is, too: so does this."""
    if isinstance(v, Num):
        if not math.isfinite(v.value()):
            fail(path, f"'{v.text}' is not a finite double (overflow)")
    elif isinstance(v, str):
        if any(0xD800 <= ord(c) <= 0xDFFF for c in v):
            raise TableError(f"not valid JSON: a lone surrogate in the string {v!r}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            _check_values(x, f"{path}[{i}]")
    elif isinstance(v, dict):
        for k, x in v.items():
            _check_values(k, path)
            _check_values(x, join(path, k))


def kind(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, Num):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "an array"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def join(path, key):
    return f"{path}.{key}" if path else key


def fail(path, problem):
    raise TableError(f"{path or '(top level)'}: {problem}")


def member(obj, path, key, cls, what):
    if key not in obj:
        fail(join(path, key), "missing")
    v = obj[key]
    if not isinstance(v, cls) or isinstance(v, bool) != (cls is bool):
        fail(join(path, key), f"must be {what}, not {kind(v)}")
    return v


def only_keys(obj, path, keys):
    for k in obj:
        if k not in keys:
            fail(join(path, k), f"unknown key (allowed here: {', '.join(keys)})")


def finite(v, path):
    if not isinstance(v, Num):
        fail(path, f"must be a number, not {kind(v)}")
    d = v.value()
    if not math.isfinite(d):
        fail(path, f"'{v.text}' is not a finite double (overflow)")
    return d


def integer(v, path, lo=None, hi=None):
    if not isinstance(v, Num):
        fail(path, f"must be an integer, not {kind(v)}")
    if not v.is_integer():
        fail(path, f"'{v.text}' is not an integer")
    i = int(v.text)
    if lo is not None and not lo <= i <= hi:
        fail(path, f"{i} does not fit in 32 bits")
    return i


def array(obj, path, key, size=None, what=""):
    a = member(obj, path, key, list, "an array")
    if size is not None and len(a) != size:
        fail(join(path, key), f"has {len(a)} entries, expected {size} ({what})")
    return a


def check_tree(tree, path, n_features, n_classes):
    if not isinstance(tree, dict):
        fail(path, f"must be an object, not {kind(tree)}")
    only_keys(tree, path, TREE_KEYS)
    feature = array(tree, path, "feature")
    n = len(feature)
    if n == 0:
        fail(join(path, "feature"), "a tree needs at least one node")
    threshold = array(tree, path, "threshold", n, "one per node")
    left = array(tree, path, "left", n, "one per node")
    right = array(tree, path, "right", n, "one per node")
    width_v = member(tree, path, "width", Num, "a number")
    offset_v = member(tree, path, "class_offset", Num, "a number")
    width = integer(width_v, join(path, "width"))
    offset = integer(offset_v, join(path, "class_offset"))
    if width < 1:
        fail(join(path, "width"), f"must be at least 1, not {width}")
    if offset < 0:
        fail(join(path, "class_offset"), f"must be at least 0, not {offset}")
    if offset + width > n_classes:
        fail(join(path, "class_offset"), f"class_offset + width = {offset + width} exceeds the {n_classes} classes")
    value = array(tree, path, "value", n * width, "nodes x width")

    out = dict(feature=[], threshold=[], left=[], right=[], width=width, class_offset=offset)
    for k in range(n):
        out["feature"].append(integer(feature[k], f"{path}.feature[{k}]", *INT32))
        out["threshold"].append(finite(threshold[k], f"{path}.threshold[{k}]"))
        out["left"].append(integer(left[k], f"{path}.left[{k}]", *INT32))
        out["right"].append(integer(right[k], f"{path}.right[{k}]", *INT32))
    out["value"] = [finite(value[i], f"{path}.value[{i}]") for i in range(len(value))]

    reached = [False] * n
    reached[0] = True
    for k in range(n):
        f = out["feature"][k]
        if f < 0:
            continue
        if f >= n_features:
            fail(f"{path}.feature[{k}]", f"feature index {f} out of range (the model has {n_features} features)")
        for side in ("left", "right"):
            child = out[side][k]
            p = f"{path}.{side}[{k}]"
            if child < 0 or child >= n:
                fail(p, f"child {child} of node {k} out of range (the tree has {n} nodes)")
            if child <= k:
                fail(p, f"child {child} of node {k} does not point forward (a cycle or a shared node)")
            if reached[k]:
                if reached[child]:
                    fail(p, f"node {child} is reached twice")
                reached[child] = True
    return out


def check_model(model, path):
    if not isinstance(model, dict):
        fail(path, f"must be an object, not {kind(model)}")
    only_keys(model, path, MODEL_KEYS)
    algorithm = member(model, path, "algorithm", str, "a string") if "algorithm" in model else ""
    features = array(model, path, "features")
    if not 1 <= len(features) <= MAX_FEATURES:
        fail(join(path, "features"), f"{len(features)} inputs, 1 to {MAX_FEATURES} supported")
    for i, f in enumerate(features):
        if not isinstance(f, str):
            fail(f"{path}.features[{i}]", f"must be a string, not {kind(f)}")
        if f not in FEATURES:
            fail(f"{path}.features[{i}]", f"unknown feature '{f}' ({', '.join(FEATURES)})")
    classes = array(model, path, "classes")
    if not 1 <= len(classes) <= MAX_CLASSES:
        fail(join(path, "classes"), f"{len(classes)} classes, 1 to {MAX_CLASSES} supported")
    for i, c in enumerate(classes):
        if not isinstance(c, str):
            fail(f"{path}.classes[{i}]", f"must be a string, not {kind(c)}")
        if c in classes[:i]:
            fail(f"{path}.classes[{i}]", f"duplicate class label '{c}'")
    aggregate = member(model, path, "aggregate", str, "a string")
    if aggregate not in ("sum", "mean"):
        fail(join(path, "aggregate"), f"must be \"sum\" or \"mean\", not '{aggregate}'")
    decision = member(model, path, "decision", str, "a string")
    if decision not in ("le", "lt"):
        fail(join(path, "decision"), f"must be \"le\" or \"lt\", not '{decision}'")
    base = array(model, path, "base_score", len(classes), "one per class")
    base = [finite(b, f"{path}.base_score[{i}]") for i, b in enumerate(base)]
    support = None
    if "support" in model:
        support = check_support(member(model, path, "support", dict, "an object"), join(path, "support"), features)
    trees = array(model, path, "trees")
    if not trees:
        fail(join(path, "trees"), "a model needs at least one tree")
    trees = [check_tree(t, f"{path}.trees[{i}]", len(features), len(classes)) for i, t in enumerate(trees)]
    return dict(algorithm=algorithm, features=features, classes=classes, aggregate=aggregate, decision=decision,
                base_score=base, trees=trees, support=support)


def check_support(support, path, features):
    """One [lo, hi] per input feature name (no other key), lo <= hi, both finite: ([lo...], [hi...]) per
    input, in the order of the model's features (the C++ loader's Model::support_lo / support_hi)."""
    names = ", ".join(features)
    ranges = {}
    for key, r in support.items():
        p = join(path, key)
        if key not in features:
            fail(p, f"'{key}' is not one of the model's features ({names})")
        if not isinstance(r, list) or len(r) != 2:
            fail(p, "must be [lo, hi], an array of 2 numbers, not "
                 + (f"an array of {len(r)}" if isinstance(r, list) else kind(r)))
        lo, hi = finite(r[0], f"{p}[0]"), finite(r[1], f"{p}[1]")
        if not lo <= hi:
            fail(p, f"lo {r[0].text} is greater than hi {r[1].text}")
        ranges[key] = (lo, hi)
    for f in features:
        if f not in ranges:
            fail(path, f"no entry for the model's feature '{f}' (one [lo, hi] per input feature)")
    return [ranges[f][0] for f in features], [ranges[f][1] for f in features]


def check_table(table, folder_arch=None):
    if not isinstance(table, dict):
        fail("", "the table must be a JSON object")
    only_keys(table, "", TOP_KEYS)
    schema = member(table, "", "schema", str, "a string")
    if schema != SCHEMA:
        fail("schema", f"unsupported schema '{schema}' (expected '{SCHEMA}')")
    arch = member(table, "", "arch", str, "a string")
    if not arch:
        fail("arch", "empty architecture name")
    if folder_arch is not None and arch != folder_arch:
        fail("arch", f"'{arch}' in the folder tuning_data/{folder_arch}/")
    status = member(table, "", "status", str, "a string")
    if status not in STATUSES:
        fail("status", f"must be \"trained\" or \"untrained\", not '{status}'")
    provenance = member(table, "", "provenance", dict, "an object")
    summary = provenance.get("summary")
    models_v = member(table, "", "models", dict, "an object")
    models = {}
    for name, model in models_v.items():
        if name not in MODEL_NAMES:
            fail(f"models.{name}", f"unknown model name '{name}' ({', '.join(MODEL_NAMES)})")
        models[name] = check_model(model, f"models.{name}")
    return dict(arch=arch, status=status, provenance=canonical(provenance),
                summary=summary if isinstance(summary, str) else "", models=models)


# The canonical JSON text (predictors/json_document.hpp: Document::canonical).
def _canonical_string(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\b":
            out.append("\\b")
        elif ch == "\f":
            out.append("\\f")
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canonical(v, indent=0):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Num):
        return v.canonical()
    if isinstance(v, str):
        return _canonical_string(v)
    pad, inner = "\n" + " " * indent, "\n" + " " * (indent + 2)
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[" + ",".join(inner + canonical(x, indent + 2) for x in v) + pad + "]"
    if not v:
        return "{}"
    members = (inner + _canonical_string(k) + ": " + canonical(x, indent + 2) for k, x in v.items())
    return "{" + ",".join(members) + pad + "}"


def cstr(text):
    """A C++ string literal of text's UTF-8 bytes (octal escapes outside printable ASCII)."""
    out = ['"']
    for b in text.encode("utf-8"):
        c = chr(b)
        if c in '"\\?':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    out.append('"')
    return "".join(out)


def long_cstr(text, indent):
    """Adjacent literals, one per line of text."""
    lines = text.splitlines(keepends=True) or [""]
    return ("\n" + " " * indent).join(cstr(line) for line in lines)


def fmt_double(d):
    return repr(float(d))


def numbers(values, fmt, indent=4, width=110):
    lines, line = [], ""
    for v in values:
        item = fmt(v) + ","
        if line and len(line) + 1 + len(item) > width - indent:
            lines.append(line)
            line = item
        else:
            line = f"{line} {item}" if line else item
    if line:
        lines.append(line)
    return "\n".join(" " * indent + l for l in lines)


def generate(t, source_name, sha, namespace=None):
    """namespace: where the data and compiled_model_table() go (tests compile extra
    tables in); default aspmv::predictors::generated and aspmv::predictors."""
    data_ns = namespace or "aspmv::predictors::generated"
    out = [
        "// Generated by predictors/codegen/generate_model_table.py from",
        f"// {source_name} (sha256 {sha}). Do not edit: edit the JSON.",
        "#pragma once",
        "#include <predictors/model_table.hpp>",
        "",
        "#include <cstdint>",
        "",
        f"namespace {data_ns} {{",
        "",
    ]
    if namespace:
        out += ["using namespace ::aspmv::predictors;  // NOLINT(google-build-using-namespace): generated data", ""]
    pointers = []
    for name in MODEL_NAMES:
        m = t["models"].get(name)
        if m is None:
            pointers.append("nullptr")
            continue
        p = f"{name}_"
        nodes = [(k, tree) for tree in m["trees"] for k in range(len(tree["feature"]))]
        out += [
            f"// {name}: {m['algorithm'] or 'unnamed'}, {len(m['trees'])} trees, {len(nodes)} nodes, "
            f"{len(m['classes'])} classes, aggregate {m['aggregate']}, decision {m['decision']}",
        ]
        if m["features"]:
            out += [f"inline constexpr FeatureName {p}features[] = {{",
                    numbers(m["features"], lambda f: f"FeatureName::{f}"), "};"]
        out += [f"inline constexpr const char* {p}classes[] = {{", numbers(m["classes"], cstr), "};"]
        out += [f"inline constexpr double {p}base_score[] = {{", numbers(m["base_score"], fmt_double), "};"]
        for field, ctype, fmt in (("feature", "std::int32_t", str), ("threshold", "double", fmt_double),
                                  ("left", "std::int32_t", str), ("right", "std::int32_t", str),
                                  ("value", "double", fmt_double)):
            values = [v for tree in m["trees"] for v in tree[field]]
            out += [f"inline constexpr {ctype} {p}{field}[] = {{", numbers(values, fmt), "};"]
        out.append(f"inline constexpr Tree {p}trees[] = {{")
        node, value = 0, 0
        for tree in m["trees"]:
            n, nv = len(tree["feature"]), len(tree["value"])
            out.append(
                f"    Tree{{{{{p}feature + {node}, {n}}}, {{{p}threshold + {node}, {n}}}, {{{p}left + {node}, {n}}}, "
                f"{{{p}right + {node}, {n}}}, {{{p}value + {value}, {nv}}}, {tree['width']}, {tree['class_offset']}}},")
            node += n
            value += nv
        out.append("};")
        features = f"{p}features" if m["features"] else "{}"
        support = "{}, {}"
        if m["support"] is not None:
            lo, hi = m["support"]
            out += [f"inline constexpr double {p}support_lo[] = {{", numbers(lo, fmt_double), "};"]
            out += [f"inline constexpr double {p}support_hi[] = {{", numbers(hi, fmt_double), "};"]
            support = f"{p}support_lo, {p}support_hi"
        out += [
            f"inline constexpr Model {name}_model{{{cstr(m['algorithm'])}, {features}, {p}classes, "
            f"Aggregate::{m['aggregate']}, Decision::{m['decision']}, {p}base_score, {p}trees, {support}}};",
            "",
        ]
        pointers.append(f"&{name}_model")
    out += [
        "inline constexpr ModelTable compiled_model_table_data{",
        f"    {cstr(t['arch'])},",
        f"    TableStatus::{t['status']},",
        f"    {long_cstr(t['provenance'], 4)},",
        f"    {long_cstr(t['summary'], 4)},",
        f"    {cstr(source_name)},",
        f"    {cstr(sha)},",
        "    {" + ", ".join(pointers) + "}};",
        "",
        f"}}  // namespace {data_ns}",
        "",
    ]
    if namespace:
        out += [
            f"namespace {namespace} {{",
            f"// The model table of {source_name}.",
            "inline const ::aspmv::predictors::ModelTable& compiled_model_table() {",
            "  return compiled_model_table_data;",
            "}",
            f"}}  // namespace {namespace}",
            "",
        ]
    else:
        out += [
            "namespace aspmv::predictors {",
            "",
            f"// The model table compiled in: {source_name}.",
            "inline const ModelTable& compiled_model_table() { return generated::compiled_model_table_data; }",
            "",
            "}  // namespace aspmv::predictors",
            "",
        ]
    return "\n".join(out)


def source_name_of(path):
    name = os.path.abspath(path).replace("\\", "/")
    if "tuning_data/" in name:
        return "tuning_data/" + name.rsplit("tuning_data/", 1)[1]
    return path


def folder_arch_of(path):
    parts = os.path.abspath(path).replace("\\", "/").split("/")
    if len(parts) >= 3 and parts[-3] == "tuning_data" and parts[-1] == "model.json":
        return parts[-2]
    return None


def load(path):
    with open(path, "rb") as f:
        raw = f.read()
    return check_table(parse_json(raw), folder_arch_of(path)), raw


def main(argv):
    if len(argv) >= 3 and argv[1] == "--check":
        bad = 0
        for path in argv[2:]:
            try:
                load(path)
            except (OSError, TableError) as e:
                print(f"aspmv: model table {path}: {e}", file=sys.stderr)
                bad += 1
        return 1 if bad else 0
    if len(argv) == 3 and argv[1] == "--check-tuning-data":
        root, bad, n = argv[2], 0, 0
        for arch in sorted(os.listdir(root)):
            folder = os.path.join(root, arch)
            if not os.path.isfile(os.path.join(folder, "arch.json")):
                continue
            path = os.path.join(folder, "model.json")
            n += 1
            if not os.path.isfile(path):
                print(f"aspmv: tuning_data/{arch}/ has an arch.json but no model.json", file=sys.stderr)
                bad += 1
                continue
            try:
                table, _ = load(path)
                print(f"tuning_data/{arch}/model.json: {table['status']}, models: {', '.join(table['models']) or '-'}")
            except (OSError, TableError) as e:
                print(f"aspmv: model table {path}: {e}", file=sys.stderr)
                bad += 1
        if n == 0:
            print(f"aspmv: no architecture folders in {root}", file=sys.stderr)
            return 1
        return 1 if bad else 0
    namespace = None
    if len(argv) == 5 and argv[1] == "--namespace":
        namespace, argv = argv[2], argv[:1] + argv[3:]
    if len(argv) != 3 or argv[1].startswith("--"):
        print(__doc__, file=sys.stderr)
        return 2
    src, out = argv[1], argv[2]
    try:
        table, raw = load(src)
        text = generate(table, source_name_of(src), hashlib.sha256(raw).hexdigest(), namespace)
    except (OSError, TableError) as e:
        print(f"aspmv: model table {src}: {e}", file=sys.stderr)
        return 1
    try:
        with open(out, "r", encoding="utf-8") as f:
            if f.read() == text:
                return 0  # unchanged: keep the timestamp, no rebuild
    except OSError:
        pass
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
