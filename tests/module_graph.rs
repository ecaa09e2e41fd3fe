//! No source file imports, at any depth, a file that imports it back.
//!
//! A cycle between files means neither can be read, moved or tested without the other, and it is
//! how a crate's layers quietly stop being layers. The check is on files, not on Rust's modules:
//! a `mod.rs` that re-exports its children (`pub use child::X`) is in a cycle with any child that
//! reaches an item through it (`use super::X`), even though the compiler accepts both.
//!
//! An edge runs from a file to the file that defines the longest prefix of a path it names: a
//! path starting with `crate::`, `super::`, `self::` or the name of one of the file's child
//! modules, outside comments, each leaf of a grouped import (`use super::{a, b::C}`) counted as a
//! path of its own. The crate root is never a target (its re-exports are the crate's public face,
//! not a layer), and a `mod child;` declaration is not an import.
//!
//! Inline modules are not told apart from their file, as in the script the cycles were first
//! listed with: `super::` inside `mod tests { .. }` reads as the file's parent, so code there
//! names its own file's items by `crate::` paths, and a bare glob (`use super::*`, how such a
//! module reaches its file) is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every crate's source tree, relative to the workspace root.
const TREES: &[&str] = &["src", "engine/src", "tuner/src", "types/src", "tablegen/src", "fuzz/src"];

/// A module as a path from its crate root: `["chess", "eval"]` for `chess/eval.rs` or
/// `chess/eval/mod.rs`, empty for `lib.rs` and `main.rs`.
type Module = Vec<String>;

/// Why one file depends on another: the path texts that name it, for the failure message.
type Edges = BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>;

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report: Vec<String> = TREES.iter().flat_map(|tree| describe_cycles(tree, &root.join(tree))).collect();
    assert!(report.is_empty(), "import cycles between files:\n{}", report.join("\n"));
}

#[test]
fn a_child_reaching_its_parents_reexport_is_a_cycle() {
    let tree = SyntheticTree::new(
        "cycle",
        &[
            ("shapes/mod.rs", "mod circle;\npub use circle::Circle;\npub struct Unit;\n"),
            ("shapes/circle.rs", "use super::Unit;\npub struct Circle(Unit);\n"),
        ],
    );
    let report = describe_cycles("synthetic", &tree.root);
    assert_eq!(report.len(), 1, "{report:?}");
    assert!(report[0].contains("shapes -> shapes::circle"), "{}", report[0]);
    assert!(report[0].contains("shapes::circle -> shapes"), "{}", report[0]);
}

#[test]
fn grouped_imports_count_leaf_by_leaf() {
    let tree = SyntheticTree::new(
        "grouped",
        &[
            ("shapes/mod.rs", "mod circle;\npub use circle::{Circle, RADIUS};\npub struct Unit;\n"),
            ("shapes/circle.rs", "use super::{Unit, *};\npub struct Circle(Unit);\n"),
        ],
    );
    assert_eq!(describe_cycles("synthetic", &tree.root).len(), 1);
}

#[test]
fn siblings_comments_and_globs_make_no_cycle() {
    let tree = SyntheticTree::new(
        "clean",
        &[
            ("shapes/mod.rs", "mod circle;\nmod unit;\npub use circle::Circle;\npub use unit::Unit;\n"),
            ("shapes/unit.rs", "/// Not [`super::Circle`].\n/* super::Circle */\npub struct Unit;\n"),
            (
                "shapes/circle.rs",
                concat!(
                    "use super::unit::Unit;\n// use super::Unit;\npub struct Circle(Unit);\n",
                    "mod tests {\n    use super::*;\n}\n",
                ),
            ),
        ],
    );
    assert_eq!(describe_cycles("synthetic", &tree.root), Vec::<String>::new());
}

/// One line per cycle found under `dir`: its files, then each edge between them with the paths
/// that make it, so the message says what to change.
fn describe_cycles(tree: &str, dir: &Path) -> Vec<String> {
    let files = module_files(dir);
    let edges = import_graph(&files);
    strongly_connected(&edges)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let names: Vec<String> = component.iter().map(module_name).collect();
            let mut text = format!("{tree}: {} files: {}", component.len(), names.join(", "));
            for from in &component {
                for (to, paths) in &edges[from] {
                    if component.contains(to) {
                        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
                        text += &format!(
                            "\n    {} -> {} ({})",
                            module_name(from),
                            module_name(to),
                            paths.join(", ")
                        );
                    }
                }
            }
            text
        })
        .collect()
}

fn module_name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// The `.rs` files under `dir`, by the module each one is.
fn module_files(dir: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries = fs::read_dir(&folder).unwrap_or_else(|err| panic!("{}: {err}", folder.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path.strip_prefix(dir).expect("under the tree").with_extension("");
                let mut module: Module =
                    relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                    module.pop();
                }
                files.insert(module, path);
            }
        }
    }
    files
}

fn import_graph(files: &BTreeMap<Module, PathBuf>) -> Edges {
    let mut edges = Edges::new();
    for (module, path) in files {
        let source = fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let targets = edges.entry(module.clone()).or_default();
        for named in paths_named(&strip_comments(&source)) {
            if let Some(target) = resolve(files, module, &named) {
                targets.entry(target).or_default().insert(named.join("::"));
            }
        }
    }
    edges
}

/// The file `path` leads to from `module`, if it leads to another file of the tree than the crate
/// root.
fn resolve(files: &BTreeMap<Module, PathBuf>, module: &Module, path: &[String]) -> Option<Module> {
    let (head, rest) = path.split_first()?;
    let mut full: Module = match head.as_str() {
        "crate" => Vec::new(),
        "self" => module.clone(),
        "super" => module[..module.len().saturating_sub(1)].to_vec(),
        child => {
            let mut child_module = module.clone();
            child_module.push(child.to_owned());
            if !files.contains_key(&child_module) {
                return None;
            }
            module.clone()
        }
    };
    let mut rest = if head == "crate" || head == "self" || head == "super" { rest } else { path };
    if head == "super" {
        while rest.first().is_some_and(|segment| segment == "super") {
            full.pop();
            rest = &rest[1..];
        }
    }
    full.extend(rest.iter().filter(|segment| *segment != "self" && *segment != "*").cloned());
    (0..=full.len())
        .rev()
        .map(|len| full[..len].to_vec())
        .find(|prefix| files.contains_key(prefix))
        .filter(|target| target != module && !target.is_empty())
}

/// The source without `//` line comments (doc comments included) and `/* */` block comments.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while !rest.is_empty() {
        if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else if rest.starts_with("/*") {
            rest = rest.find("*/").map_or("", |end| &rest[end + 2..]);
            out.push(' ');
        } else {
            let next = rest.chars().next().expect("not empty");
            out.push(next);
            rest = &rest[next.len_utf8()..];
        }
    }
    out
}

/// Every path of two or more segments in `source` (`a::b::C`), each leaf of a grouped import
/// spelled out in full (`use a::{b, c::D}` names `a::b` and `a::c::D`).
fn paths_named(source: &str) -> Vec<Vec<String>> {
    let bytes = source.as_bytes();
    let mut paths = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_path = is_ident_start(bytes[at])
            && (at == 0 || !(is_ident_byte(bytes[at - 1]) || bytes[at - 1] == b':'));
        if starts_path {
            let (found, end) = parse_path(bytes, at, &[]);
            paths.extend(found.into_iter().filter(|path| path.len() >= 2));
            at = end.max(at + 1);
        } else {
            at += 1;
        }
    }
    paths
}

/// The paths of the use tree at `at` under `prefix`, and where it ends.
fn parse_path(bytes: &[u8], mut at: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    loop {
        let start = at;
        while at < bytes.len() && is_ident_byte(bytes[at]) {
            at += 1;
        }
        path.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        let after = skip_spaces(bytes, at);
        if !bytes[after..].starts_with(b"::") {
            return (vec![path], at);
        }
        let next = skip_spaces(bytes, after + 2);
        match bytes.get(next) {
            Some(&byte) if is_ident_start(byte) => at = next,
            Some(b'*') => return (vec![path], next + 1),
            Some(b'{') => return parse_group(bytes, next + 1, &path),
            _ => return (vec![path], after),
        }
    }
}

/// The leaves of `{ a, b::{c, d}, * }` after `prefix`, and where the closing brace ends.
fn parse_group(bytes: &[u8], mut at: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    loop {
        at = skip_spaces(bytes, at);
        match bytes.get(at) {
            None => return (paths, at),
            Some(b'}') => return (paths, at + 1),
            Some(b'*') => at += 1,
            Some(b'{') => {
                let (found, end) = parse_group(bytes, at + 1, prefix);
                paths.extend(found);
                at = end;
            }
            Some(&byte) if is_ident_start(byte) => {
                let (found, end) = parse_path(bytes, at, prefix);
                paths.extend(found);
                at = end;
            }
            // `,`, and the `as name` of a renamed import, whose name is no path.
            Some(_) => at += 1,
        }
        let after = skip_spaces(bytes, at);
        if bytes[after..].starts_with(b"as ") {
            at = after + 3;
            at = skip_spaces(bytes, at);
            while at < bytes.len() && is_ident_byte(bytes[at]) {
                at += 1;
            }
        }
    }
}

fn skip_spaces(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && bytes[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

fn is_ident_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

fn is_ident_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Tarjan's strongly connected components, each sorted; a component of more than one file is a
/// cycle.
fn strongly_connected(edges: &Edges) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        edges: &'a Edges,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        components: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a Module) {
            let number = self.index.len();
            self.index.insert(node, number);
            self.low.insert(node, number);
            self.stack.push(node);
            self.on_stack.insert(node);
            let edges = self.edges;
            for next in edges.get(node).into_iter().flat_map(BTreeMap::keys) {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                loop {
                    let member = self.stack.pop().expect("the node itself is on the stack");
                    self.on_stack.remove(member);
                    component.push(member.clone());
                    if member == node {
                        break;
                    }
                }
                component.sort();
                self.components.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.components.sort();
    walk.components
}

/// Files written to a fresh folder of the temporary directory, removed on drop.
struct SyntheticTree {
    root: PathBuf,
}

impl SyntheticTree {
    fn new(name: &str, files: &[(&str, &str)]) -> SyntheticTree {
        let root = std::env::temp_dir().join(format!("module_graph_{name}_{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().expect("a file has a folder")).expect("a temporary folder");
            fs::write(&path, text).expect("a temporary file");
        }
        SyntheticTree { root }
    }
}

impl Drop for SyntheticTree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}
