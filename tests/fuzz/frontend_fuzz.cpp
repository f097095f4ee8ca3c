// Fuzzes the front end of gen (frontend/): lexer, parser and checker. Any
// text either compiles or fails with a ParseError naming a position inside
// the text (or a FileError when the file declares no object); never a crash,
// a hang or another exception. Each object is compiled as written and with
// --spec semantics.
#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/language/parser.hpp"
#include "tests/fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  frontend::ast::File file;
  try {
    file = frontend::parse("fuzz.conc", text);
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.conc");
    return 0;
  }
  const std::size_t objects = std::min<std::size_t>(file.objects.size(), 4);
  for (std::size_t i = 0; i < objects; ++i) {
    for (bool spec : {false, true}) {
      frontend::CompileOptions options;
      options.object = file.objects[i].name;
      options.spec = spec;
      try {
        const frontend::Program p = frontend::compile(file, options);
        fuzz::require(p.initial.size() == static_cast<std::size_t>(p.state_size), "the initial state fills the layout");
      } catch (const formats::ParseError& e) {
        fuzz::require_error_inside(e, text, "fuzz.conc");
      }
    }
  }
  return 0;
}
