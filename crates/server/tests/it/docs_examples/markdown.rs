//! A page's fenced blocks, and the requests and answers they are by the
//! convention of `docs_examples` (its module comment).

use serde_json::Value;

/// One fenced block: the line of its opening fence (from 1), the words
/// of its info string (the language first) and the text inside.
pub(crate) struct Block {
    pub(crate) line: usize,
    pub(crate) words: Vec<String>,
    pub(crate) text: String,
}

impl Block {
    fn lang(&self) -> &str {
        self.words.first().map_or("", String::as_str)
    }
}

/// A request a page shows, as the service is sent it.
pub(crate) struct Request {
    pub(crate) line: usize,
    pub(crate) method: String,
    pub(crate) path: String,
    pub(crate) content_type: Option<String>,
    pub(crate) body: Vec<u8>,
}

/// The answer a page shows to the request of the block before it: the
/// JSON shown, found at `at` in the real answer.
pub(crate) struct Answer {
    pub(crate) line: usize,
    pub(crate) at: String,
    pub(crate) exact: bool,
    pub(crate) shown: Value,
}

pub(crate) struct Example {
    pub(crate) request: Request,
    pub(crate) answer: Option<Answer>,
}

/// What a page holds: its examples, how many blocks are fragments, and
/// what breaks the convention.
#[derive(Default)]
pub(crate) struct Page {
    pub(crate) examples: Vec<Example>,
    pub(crate) fragments: usize,
    pub(crate) faults: Vec<String>,
}

/// Every fenced block of `text` (``` or ~~~, indented or not).
pub(crate) fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(String, Block)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let fence: String = trimmed
            .chars()
            .take_while(|c| *c == '`' || *c == '~')
            .collect();
        match open.take() {
            None if fence.len() >= 3 => {
                let info = trimmed[fence.len()..].split_whitespace();
                let block = Block {
                    line: i + 1,
                    words: info.map(String::from).collect(),
                    text: String::new(),
                };
                open = Some((fence, block));
            }
            None => {}
            Some((f, block)) if fence.starts_with(&f) && trimmed.trim() == fence => {
                out.push(block);
            }
            Some((f, mut block)) => {
                block.text.push_str(line);
                block.text.push('\n');
                open = Some((f, block));
            }
        }
    }
    out
}

/// Whether a block is JSON or TOML the convention must place: marked so,
/// or unmarked text that opens as JSON does.
fn is_data(b: &Block) -> bool {
    matches!(b.lang(), "json" | "jsonc" | "json5" | "toml")
        || (b.lang().is_empty() && b.text.trim_start().starts_with(['{', '[', '"']))
}

fn is_shell(b: &Block) -> bool {
    matches!(b.lang(), "sh" | "bash" | "shell" | "console" | "zsh")
}

/// The requests and answers of a page named `name`.
pub(crate) fn page(name: &str, text: &str) -> Page {
    let mut page = Page::default();
    // Whether the block before was a request, so an answer may follow.
    let mut after_request = false;
    for b in blocks(text) {
        let at = format!("{name}:{}", b.line);
        let was = std::mem::take(&mut after_request);
        if is_shell(&b) {
            for request in curls(&b).into_iter() {
                match request {
                    Ok(r) => page.examples.push(Example {
                        request: r,
                        answer: None,
                    }),
                    Err(e) => page.faults.push(format!("{at}: {e}")),
                }
                after_request = true;
            }
            continue;
        }
        if !is_data(&b) {
            continue;
        }
        let role = b.words.get(1).map_or("", String::as_str);
        match role {
            "request" => match data_request(&b) {
                Ok(r) => {
                    page.examples.push(Example {
                        request: r,
                        answer: None,
                    });
                    after_request = true;
                }
                Err(e) => page.faults.push(format!("{at}: {e}")),
            },
            "answer" => match (was, answer(&b)) {
                (true, Ok(a)) => page.examples.last_mut().unwrap().answer = Some(a),
                (false, _) => page.faults.push(format!(
                    "{at}: an answer, but the block before is no request"
                )),
                (true, Err(e)) => page.faults.push(format!("{at}: {e}")),
            },
            // A fragment is not sent, but is JSON all the same.
            "fragment" => match (b.lang(), members(&b.text)) {
                ("toml", _) | (_, Ok(_)) => page.fragments += 1,
                (_, Err(e)) => page.faults.push(format!("{at}: {e}")),
            },
            _ => {
                page.faults.push(format!(
                "{at}: a {} block marked neither `request METHOD PATH`, `answer` nor `fragment`",
                if b.lang().is_empty() { "JSON" } else { b.lang() }
            ))
            }
        }
    }
    page
}

/// ```json request POST /v1/settle (or toml): the block's text is the body.
fn data_request(b: &Block) -> Result<Request, String> {
    let (Some(method), Some(path)) = (b.words.get(2), b.words.get(3)) else {
        return Err("a request names its method and path: `request POST /v1/settle`".into());
    };
    let content_type = if b.lang() == "toml" {
        "application/toml"
    } else {
        serde_json::from_str::<Value>(&b.text).map_err(|e| format!("not JSON: {e}"))?;
        "application/json"
    };
    Ok(Request {
        line: b.line,
        method: method.clone(),
        path: path.clone(),
        content_type: Some(content_type.into()),
        body: b.text.clone().into_bytes(),
    })
}

/// ```json answer [POINTER] [exact].
fn answer(b: &Block) -> Result<Answer, String> {
    let mut at = String::new();
    let mut exact = false;
    for w in &b.words[2..] {
        match w.as_str() {
            "exact" => exact = true,
            p if p.starts_with('/') => at = p.to_string(),
            other => {
                return Err(format!(
                    "an answer takes a pointer and `exact`, not {other}"
                ))
            }
        }
    }
    Ok(Answer {
        line: b.line,
        at,
        exact,
        shown: members(&b.text)?,
    })
}

/// A block's JSON; members (`"a": 1, "b": 2`) are read as one object.
fn members(text: &str) -> Result<Value, String> {
    let text = text.trim();
    let text = if text.starts_with('"') {
        format!("{{{text}}}")
    } else {
        text.to_string()
    };
    serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))
}

/// Every `curl` command of a shell block, as a request.
fn curls(b: &Block) -> Vec<Result<Request, String>> {
    commands(&b.text)
        .into_iter()
        // A console block's prompt is not a word of the command.
        .map(|words| match words.first().map(String::as_str) {
            Some("$") => words[1..].to_vec(),
            _ => words,
        })
        .filter(|words| words.first().is_some_and(|w| w == "curl"))
        .map(|words| curl(&words[1..], b.line))
        .collect()
}

fn curl(args: &[String], line: usize) -> Result<Request, String> {
    let (mut method, mut url, mut content_type, mut body) = (None, None, None, None);
    let mut args = args.iter();
    while let Some(a) = args.next() {
        let mut value = || args.next().cloned().ok_or(format!("{a} without a value"));
        match a.as_str() {
            "-s" | "-sS" | "-S" | "--silent" | "-i" | "--fail" | "-f" => {}
            "-X" | "--request" => method = Some(value()?),
            "-H" | "--header" => {
                let h = value()?;
                if let Some((k, v)) = h.split_once(':') {
                    if k.trim().eq_ignore_ascii_case("content-type") {
                        content_type = Some(v.trim().to_string());
                    }
                }
            }
            "-d" | "--data" | "--data-binary" | "--data-raw" => body = Some(value()?),
            "--json" => {
                body = Some(value()?);
                content_type.get_or_insert_with(|| "application/json".to_string());
            }
            u if !u.starts_with('-') => url = Some(u.to_string()),
            other => return Err(format!("curl's {other} is not read by the test")),
        }
    }
    let url = url.ok_or("curl without a URL")?;
    let rest = url.trim_start_matches("http://");
    let path = ["localhost:8080", "127.0.0.1:8080"]
        .iter()
        .find_map(|h| rest.strip_prefix(h))
        .ok_or(format!("{url}: not the service of `make run`"))?;
    let method = method.unwrap_or(if body.is_some() { "POST" } else { "GET" }.into());
    // Like curl: a body sent with -d and no type of its own is a form.
    let content_type = content_type.or(body
        .as_ref()
        .map(|_| "application/x-www-form-urlencoded".into()));
    Ok(Request {
        line,
        method,
        path: path.to_string(),
        content_type,
        body: body.unwrap_or_default().into_bytes(),
    })
}

/// A shell script's commands, each as its words: quotes ('…' and "…")
/// kept together across lines, a backslash before a newline joining
/// lines, `#` starting a comment.
fn commands(script: &str) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    let mut word: Option<String> = None;
    let mut chars = script.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    w.push(q);
                }
            }
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            '#' if word.is_none() => {
                while chars.peek().is_some_and(|n| *n != '\n') {
                    chars.next();
                }
            }
            ' ' | '\t' | '\n' => {
                out.last_mut().unwrap().extend(word.take());
                if c == '\n' {
                    out.push(Vec::new());
                }
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.last_mut().unwrap().extend(word);
    out.retain(|c| !c.is_empty());
    out
}

#[test]
fn an_unmarked_json_block_and_a_stray_answer_are_faults() {
    let text = "a\n\n```json\n{\"a\": 1}\n```\n\n```\n{\"b\": 2}\n```\n\n```json answer\n{}\n```\n\
                ```json fragment\n\"a\": [1, \"...\"]\n```\n```json fragment\n{\"a\": ...}\n```\n";
    let p = page("X.md", text);
    assert_eq!((p.examples.len(), p.fragments), (0, 1));
    assert_eq!(p.faults.len(), 4, "{:?}", p.faults);
    assert!(
        p.faults[3].starts_with("X.md:17: not JSON"),
        "{:?}",
        p.faults
    );
    assert!(p.faults[0].starts_with("X.md:3: a json block marked neither"));
    assert!(p.faults[1].starts_with("X.md:7: a JSON block"));
    assert!(p.faults[2].starts_with("X.md:11: an answer, but"));
}

#[test]
fn a_curl_line_is_a_request_and_the_json_after_it_its_answer() {
    let text = "```sh\ncurl -s localhost:8080/v1/deals -H 'content-type: application/json' -d '{\"a\":\n 1}'\n# a comment\n```\n```json answer /data exact\n\"x\": 1\n```\n";
    let p = page("X.md", text);
    assert!(p.faults.is_empty(), "{:?}", p.faults);
    let e = &p.examples[0];
    assert_eq!(
        (e.request.method.as_str(), e.request.path.as_str()),
        ("POST", "/v1/deals")
    );
    assert_eq!(e.request.content_type.as_deref(), Some("application/json"));
    assert_eq!(e.request.body, b"{\"a\":\n 1}");
    let a = e.answer.as_ref().unwrap();
    assert_eq!((a.at.as_str(), a.exact, a.line), ("/data", true, 6));
    assert_eq!(a.shown, serde_json::json!({"x": 1}));
}

#[test]
fn a_console_prompt_and_curls_json_flag_are_read() {
    let text = "```console\n$ curl localhost:8080/v1/variants\n$ curl http://127.0.0.1:8080/v1/draw --json '{}'\n```\n";
    let p = page("X.md", text);
    assert!(p.faults.is_empty(), "{:?}", p.faults);
    let r: Vec<_> = p.examples.iter().map(|e| &e.request).collect();
    assert_eq!(
        (r[0].method.as_str(), r[0].content_type.as_deref()),
        ("GET", None)
    );
    assert_eq!(r[1].path, "/v1/draw");
    assert_eq!(r[1].content_type.as_deref(), Some("application/json"));
}
