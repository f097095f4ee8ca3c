#include "frontend/language/parser.hpp"

#include <fmt/format.h>

#include "frontend/language/lexer.hpp"
#include "frontend/language/limits.hpp"

namespace frontend {
namespace {

using namespace ast;

class Parser {
 public:
  Parser(const std::string& file, std::vector<Token> tokens) : file_(file), toks_(std::move(tokens)) {}

  File run() {
    File f;
    f.name = file_;
    while (!at_end()) {
      if (is("enum")) {
        f.enums.push_back(enum_decl());
      } else if (is("object") || is("spec")) {
        f.objects.push_back(object());
        const ast::Object& added = f.objects.back();
        for (std::size_t i = 0; i + 1 < f.objects.size(); ++i)  // --object NAME must pick one
          if (f.objects[i].name == added.name)
            fail(file_, added.loc,
                 fmt::format("{} '{}' declared twice (first at line {})", added.is_spec ? "spec" : "object", added.name,
                             f.objects[i].loc.line));
      } else {
        error("expected 'object', 'spec' or 'enum'");
      }
    }
    if (f.objects.empty()) fail(file_, peek().loc, "the file declares no object");
    return f;
  }

 private:
  // ---- token helpers
  const Token& peek(std::size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
  bool at_end() const { return peek().kind == Tok::End; }
  bool is(std::string_view text, std::size_t k = 0) const {
    const Token& t = peek(k);
    return (t.kind == Tok::Ident || t.kind == Tok::Punct) && t.text == text;
  }
  bool accept(std::string_view text) {
    if (!is(text)) return false;
    ++pos_;
    return true;
  }
  [[noreturn]] void error(const std::string& what) const {
    const Token& t = peek();
    const std::string found = t.kind == Tok::End ? "end of file" : fmt::format("'{}'", t.text);
    fail(file_, t.loc, fmt::format("{}, found {}", what, found));
  }
  void expect(std::string_view text) {
    if (!accept(text)) error(fmt::format("expected '{}'", text));
  }
  std::string ident(const char* what = "expected a name") {
    if (peek().kind != Tok::Ident) error(what);
    return toks_[pos_++].text;
  }
  long integer() {
    const bool negative = accept("-");
    if (peek().kind != Tok::Int) error("expected an integer");
    const long v = toks_[pos_++].value;
    return negative ? -v : v;
  }

  // ---- declarations
  EnumDecl enum_decl() {
    EnumDecl e;
    expect("enum");
    e.loc = peek().loc;
    e.name = ident();
    expect("{");
    do {
      const Loc l = peek().loc;
      e.symbols.emplace_back(ident("expected an enumeration symbol"), l);
    } while (accept(","));
    expect("}");
    accept(";");
    return e;
  }

  Object object() {
    Object o;
    o.is_spec = is("spec");
    ++pos_;
    o.loc = peek().loc;
    o.name = ident("expected the object's name");
    expect("{");
    while (!accept("}")) {
      if (at_end()) error("expected '}' closing the object");
      member(o);
    }
    return o;
  }

  void member(Object& o) {
    if (is("values")) {
      if (o.values) fail(file_, peek().loc, "a second 'values' declaration in this object");
      o.values_loc = peek().loc;
      ++pos_;
      const long lo = integer();
      expect("..");
      o.values = {lo, integer()};
      expect(";");
    } else if (is("enum")) {
      o.enums.push_back(enum_decl());
    } else if (accept("node")) {
      o.nodes.push_back(node_decl());
    } else if (accept("pool")) {
      const Loc l = peek().loc;
      std::string name;
      if (peek().kind == Tok::Ident) name = ident();
      const long n = integer();
      expect(";");
      pool(o, name, n, l);
    } else if (accept("recursion")) {
      const Loc l = peek().loc;
      o.recursion = integer();
      if (o.recursion < 0 || o.recursion > limits::max_recursion)
        fail(file_, l, fmt::format("the recursion bound is 0 to {}", limits::max_recursion));
      expect(";");
    } else if (is("shared") || is("thread") || is("client")) {
      const bool shared = is("shared"), client = is("client");
      ++pos_;
      VarDecl v = var_decl();
      v.client = client;
      (shared ? o.shared : o.thread_vars).push_back(std::move(v));
    } else if (is("init")) {
      if (o.init) error("a second 'init' block");
      Method m;
      m.loc = peek().loc;
      m.name = "init";
      ++pos_;
      m.body = block(&m.end_loc);
      o.init = std::move(m);
    } else if (is("method") || is("procedure") || is("proc")) {
      o.methods.push_back(method());
    } else {
      error("expected a declaration (values, enum, node, pool, shared, thread, client, method, procedure)");
    }
  }

  void pool(Object& o, const std::string& name, long n, Loc l) {
    if (n < 0 || n > limits::max_pool) fail(file_, l, fmt::format("a pool holds 0 to {} nodes", limits::max_pool));
    if (name.empty()) {
      if (o.nodes.size() != 1)
        fail(file_, l, "'pool N;' needs exactly one node type declared before it; write 'pool NODE N;'");
      o.nodes[0].pool = n;
      return;
    }
    for (NodeDecl& d : o.nodes)
      if (d.name == name) {
        d.pool = n;
        return;
      }
    fail(file_, l, fmt::format("pool of undeclared node type '{}'", name));
  }

  NodeDecl node_decl() {
    NodeDecl d;
    d.loc = peek().loc;
    d.name = ident();
    expect("{");
    while (!accept("}")) {
      Field f;
      f.loc = peek().loc;
      f.name = ident("expected a field name");
      expect(":");
      f.type = type();
      d.fields.push_back(std::move(f));
      if (!accept(";") && !accept(",") && !is("}")) error("expected ';' after a field");
    }
    accept(";");
    return d;
  }

  VarDecl var_decl() {
    VarDecl v;
    v.loc = peek().loc;
    v.name = ident();
    expect(":");
    v.type = type();
    if (accept("=") || accept(":=")) v.init = expr();
    expect(";");
    return v;
  }

  Method method() {
    Method m;
    m.is_procedure = !is("method");
    ++pos_;
    m.loc = peek().loc;
    m.name = ident();
    expect("(");
    if (!is(")")) do {
        Param p;
        p.loc = peek().loc;
        p.name = ident("expected a parameter name");
        expect(":");
        p.type = type();
        m.params.push_back(std::move(p));
      } while (accept(","));
    expect(")");
    if (accept(":")) m.result = type();
    client_clauses(m);
    m.body = block(&m.end_loc);
    return m;
  }

  // `when COND` and `on call { x := e; ... }` after a method's header: the
  // client protocol (docs/language.md, "Clients").
  void client_clauses(Method& m) {
    const Loc l = peek().loc;
    if (accept("when")) {
      if (m.is_procedure) fail(file_, l, "'when' belongs to methods: a procedure is called by the object");
      m.when = expr();
    }
    const Loc on = peek().loc;
    if (accept("on")) {
      if (m.is_procedure) fail(file_, on, "'on call' belongs to methods: a procedure is called by the object");
      if (is("return"))
        fail(file_, peek().loc,
             "only 'on call' exists: a client calls one method at a time, so an update at "
             "the call is seen from its next call on, as one at the return would be");
      if (!accept("call")) error("expected 'call' after 'on'");
      m.on_call = block(nullptr);
    }
  }

  // ---- types
  TypeExpr type() {
    Chain chain(*this);
    TypeExpr t = base_type();
    while (is("[")) {
      chain.link();
      TypeExpr a;
      a.kind = TypeExpr::Array;
      a.loc = peek().loc;
      ++pos_;
      if (accept("threads")) {
        a.length_is_threads = true;
      } else {
        a.length = integer();
      }
      expect("]");
      a.elems.push_back(std::move(t));
      t = std::move(a);
    }
    return t;
  }

  TypeExpr base_type() {
    Nest n(*this);
    TypeExpr t;
    t.loc = peek().loc;
    if (peek().kind == Tok::Int || is("-")) {
      t.kind = TypeExpr::Range;
      t.lo = integer();
      expect("..");
      t.hi = integer();
    } else if (accept("(")) {
      t.kind = TypeExpr::Tuple;
      do t.elems.push_back(type());
      while (accept(","));
      expect(")");
      if (t.elems.size() < 2) fail(file_, t.loc, "a tuple type has at least two members");
    } else if (is("seq") || is("set")) {
      t.kind = is("seq") ? TypeExpr::Seq : TypeExpr::Set;
      ++pos_;
      expect("<");
      t.elems.push_back(type());
      expect(">");
      if (t.kind == TypeExpr::Seq) {
        expect("[");
        t.length = integer();
        expect("]");
      }
    } else if (is("int") && is("[", 1)) {
      pos_ += 2;
      t.kind = TypeExpr::Range;
      t.lo = integer();
      expect("..");
      t.hi = integer();
      expect("]");
    } else {
      t.name = ident("expected a type");
    }
    return t;
  }

  // ---- statements
  Block block(Loc* end = nullptr) {
    expect("{");
    Block b;
    while (!is("}")) {
      if (at_end()) error("expected '}'");
      b.push_back(statement());
    }
    if (end) *end = peek().loc;
    ++pos_;
    return b;
  }

  StmtPtr make(Stmt::Kind k, Loc l) {
    auto s = std::make_unique<Stmt>();
    s->kind = k;
    s->loc = l;
    return s;
  }

  StmtPtr statement() {
    Nest n(*this);
    const Loc l = peek().loc;
    if (accept("var")) {
      auto s = make(Stmt::Var, peek().loc);
      s->name = ident();
      if (accept(":")) s->type = type();
      if (accept(":=") || accept("=")) s->rhs = expr();
      expect(";");
      return s;
    }
    if (accept("if")) return if_rest(l);
    if (accept("while")) {
      auto s = make(Stmt::While, l);
      s->rhs = expr();
      s->body = block();
      return s;
    }
    if (accept("loop")) {
      auto s = make(Stmt::Loop, l);
      s->body = block();
      return s;
    }
    if (accept("atomic")) {
      auto s = make(Stmt::Atomic, l);
      s->body = block();
      return s;
    }
    if (accept("break")) return simple_end(make(Stmt::Break, l));
    if (accept("continue")) return simple_end(make(Stmt::Continue, l));
    if (accept("skip")) return simple_end(make(Stmt::Skip, l));
    // `fence;` (a variable named fence stays usable: `fence := 1;`).
    if (is("fence") && is(";", 1)) return (++pos_, simple_end(make(Stmt::Fence, l)));
    if (accept("return")) {
      auto s = make(Stmt::Return, l);
      if (!is(";")) s->rhs = expr();
      return simple_end(std::move(s));
    }
    if (accept("await")) return with_expr(Stmt::Await, l);
    if (accept("assert")) return with_expr(Stmt::Assert, l);
    if (is("lock") && is("(", 1)) return (++pos_, with_expr(Stmt::Lock, l));
    if (is("unlock") && is("(", 1)) return (++pos_, with_expr(Stmt::Unlock, l));
    if (is("free") && is("(", 1)) return (++pos_, with_expr(Stmt::Free, l));
    ExprPtr e = expr();
    if (accept(":=")) {
      auto s = make(Stmt::Assign, l);
      s->lhs = std::move(e);
      s->rhs = expr();
      return simple_end(std::move(s));
    }
    if (is("=")) error("expected ':=' for an assignment ('=' is only for initial values)");
    auto s = make(Stmt::ExprStmt, l);
    s->rhs = std::move(e);
    return simple_end(std::move(s));
  }

  StmtPtr with_expr(Stmt::Kind k, Loc l) {
    auto s = make(k, l);
    s->rhs = expr();
    return simple_end(std::move(s));
  }
  StmtPtr simple_end(StmtPtr s) {
    expect(";");
    return s;
  }

  StmtPtr if_rest(Loc l) {
    auto s = make(Stmt::If, l);
    s->rhs = expr();
    s->body = block();
    if (accept("else")) {
      const Loc el = peek().loc;
      if (accept("if")) {
        Nest n(*this);
        s->orelse.push_back(if_rest(el));
      } else {
        s->orelse = block();
      }
    }
    return s;
  }

  // ---- expressions, by precedence
  ExprPtr node(Expr::Kind k, Loc l, std::string name = {}) {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->loc = l;
    e->name = std::move(name);
    return e;
  }
  ExprPtr binary(ExprPtr a, const Token& op, ExprPtr b) {
    auto e = node(Expr::Binary, op.loc, op.text);
    e->args.push_back(std::move(a));
    e->args.push_back(std::move(b));
    return e;
  }

  // Nesting is bounded so that a hostile file cannot exhaust the stack of
  // the parser or of the checker, which walks the same trees. A chain (a
  // sum of many terms, `else if`s, fields or indices) makes a tree as deep
  // as it is long, so each link counts as a level too.
  void deeper() {
    if (++depth_ > max_depth) error(fmt::format("nesting deeper than {} levels", max_depth));
  }
  struct Nest {
    Parser& p;
    explicit Nest(Parser& parser) : p(parser) { p.deeper(); }
    ~Nest() { --p.depth_; }
  };
  struct Chain {
    Parser& p;
    int links = 0;
    explicit Chain(Parser& parser) : p(parser) {}
    void link() {
      ++links;
      p.deeper();
    }
    ~Chain() { p.depth_ -= links; }
  };
  ExprPtr expr() {
    Nest n(*this);
    return or_expr();
  }
  ExprPtr or_expr() {
    Chain chain(*this);
    ExprPtr a = and_expr();
    while (is("||")) {
      chain.link();
      const Token op = toks_[pos_++];
      a = binary(std::move(a), op, and_expr());
    }
    return a;
  }
  ExprPtr and_expr() {
    Chain chain(*this);
    ExprPtr a = cmp_expr();
    while (is("&&")) {
      chain.link();
      const Token op = toks_[pos_++];
      a = binary(std::move(a), op, cmp_expr());
    }
    return a;
  }
  ExprPtr cmp_expr() {
    ExprPtr a = add_expr();
    if (is("==") || is("!=") || is("<") || is("<=") || is(">") || is(">=")) {
      const Token op = toks_[pos_++];
      a = binary(std::move(a), op, add_expr());
    }
    return a;
  }
  ExprPtr add_expr() {
    Chain chain(*this);
    ExprPtr a = mul_expr();
    while (is("+") || is("-")) {
      chain.link();
      const Token op = toks_[pos_++];
      a = binary(std::move(a), op, mul_expr());
    }
    return a;
  }
  ExprPtr mul_expr() {
    Chain chain(*this);
    ExprPtr a = unary();
    while (is("*") || is("/") || is("%")) {
      chain.link();
      const Token op = toks_[pos_++];
      a = binary(std::move(a), op, unary());
    }
    return a;
  }
  ExprPtr unary() {
    Nest n(*this);
    if (is("!") || is("-")) {
      const Token op = toks_[pos_++];
      auto e = node(Expr::Unary, op.loc, op.text);
      e->args.push_back(unary());
      return e;
    }
    return postfix(primary());
  }

  ExprPtr postfix(ExprPtr e) {
    Chain chain(*this);
    for (;;) {
      const Loc l = peek().loc;
      if (is(".") || is("[")) chain.link();
      if (accept(".")) {
        if (peek().kind == Tok::Int) {
          auto p = node(Expr::Proj, l);
          p->value = toks_[pos_++].value;
          p->args.push_back(std::move(e));
          e = std::move(p);
          continue;
        }
        const std::string name = ident("expected a field or operation name after '.'");
        auto f = node(is("(") ? Expr::Method : Expr::Field, l, name);
        f->args.push_back(std::move(e));
        if (f->kind == Expr::Method) arguments(*f);
        e = std::move(f);
      } else if (accept("[")) {
        auto x = node(Expr::Index, l);
        x->args.push_back(std::move(e));
        x->args.push_back(expr());
        expect("]");
        e = std::move(x);
      } else {
        return e;
      }
    }
  }

  void arguments(Expr& e) {
    expect("(");
    if (!is(")")) do {
        ExprPtr a = expr();
        if (is("..")) {
          auto r = node(Expr::Range, peek().loc);
          ++pos_;
          r->args.push_back(std::move(a));
          r->args.push_back(expr());
          a = std::move(r);
        }
        e.args.push_back(std::move(a));
      } while (accept(","));
    expect(")");
  }

  ExprPtr primary() {
    const Token& t = peek();
    const Loc l = t.loc;
    if (t.kind == Tok::Int) {
      auto e = node(Expr::Int, l);
      e->value = t.value;
      ++pos_;
      return e;
    }
    if (accept("true") || accept("false")) {
      auto e = node(Expr::Bool, l);
      e->value = toks_[pos_ - 1].text == "true";
      return e;
    }
    if (accept("null")) return node(Expr::Null, l);
    if (accept("new")) {
      auto e = node(Expr::New, l, ident("expected a node type after 'new'"));
      if (is("(")) arguments(*e);
      return e;
    }
    if (accept("(")) {
      ExprPtr first = expr();
      if (accept(")")) return first;
      auto e = node(Expr::Tuple, l);
      e->args.push_back(std::move(first));
      while (accept(",")) e->args.push_back(expr());
      expect(")");
      return e;
    }
    if (is("[") && is("]", 1)) {
      pos_ += 2;
      return node(Expr::EmptySeq, l);
    }
    if (is("{") && is("}", 1)) {
      pos_ += 2;
      return node(Expr::EmptySet, l);
    }
    if (t.kind == Tok::Ident) {
      const std::string name = ident();
      if (is("(")) {
        auto e = node(Expr::Call, l, name);
        arguments(*e);
        return e;
      }
      return node(Expr::Name, l, name);
    }
    error("expected an expression");
  }

  const std::string& file_;
  std::vector<Token> toks_;
  std::size_t pos_ = 0;
  static constexpr int max_depth = 200;
  int depth_ = 0;
};

}  // namespace

ast::File parse(const std::string& file, std::string_view text) { return Parser(file, lex(file, text)).run(); }

}  // namespace frontend
