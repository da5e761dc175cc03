// apiary completion: a bash completion script made from the commands and options
// registered on the app itself, so that it names what `apiary CMD --help` names.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "notation/notation_table.hpp"

namespace apiary::cli {

namespace {

// The words an option's value may be, where they are a closed list.
const std::map<std::string, std::string>& valueWords() {
  using notation::NotationUse;
  static const std::map<std::string, std::string> words{
      {"--format", notation::notationWords(NotationUse::Read)},  // ingest's old spelling of --notation
      {"--from", notation::notationWords(NotationUse::Read)},    // convert's; perft's takes a GameString
      {"--to", notation::notationWords(NotationUse::Write)},
      {"--notation", notation::notationWords(NotationUse::WriteMoves)},
      {"--game-type", "Base Base+M Base+L Base+P Base+ML Base+MP Base+LP Base+MLP"},
      {"--result", "white black draw unknown"},
      {"--color", "auto always never"},
      {"--mode", "exact prefix transposed"},
  };
  return words;
}

// Where one command's option takes other words than the same option elsewhere:
// ingest's --notation reads, explore's and player's write moves.
struct CommandWords {
  std::string option, command, words;
};
const std::vector<CommandWords>& commandWords() {
  static const std::vector<CommandWords> words{
      {"--notation", "ingest", notation::notationWords(notation::NotationUse::Read)},
  };
  return words;
}

std::string completionOf(const std::string& words) { return "COMPREPLY=($(compgen -W \"" + words + "\" -- \"$cur\"))"; }

// "-o --out --json ..." : every named option of the app; with `inherited`, only
// those its subcommands take too (--db, not --help or --version).
std::string optionWords(const CLI::App& app, bool inherited = false) {
  std::string out;
  for (const CLI::Option* option : app.get_options()) {
    if (inherited && (option == app.get_help_ptr() || option == app.get_version_ptr())) continue;
    if (option->get_group().empty()) continue;  // hidden: an old spelling, not offered
    for (const auto& name : option->get_snames()) out += " -" + name;
    for (const auto& name : option->get_lnames()) out += " --" + name;
  }
  return out;
}

void writeScript(std::ostream& out, const CLI::App& app) {
  std::string commands, alternatives;
  for (const CLI::App* command : app.get_subcommands({})) {
    commands += " " + command->get_name();
    alternatives += (alternatives.empty() ? "" : "|") + command->get_name();
  }
  out << "# bash completion for apiary, written by `apiary completion`\n"
      << "_apiary() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command= word\n"
      << "  for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      << "    case $word in " << alternatives << ") ;; *) continue ;; esac\n"
      << "    command=$word; break\n"
      << "  done\n"
      << "  case $prev in\n";
  for (const auto& [option, words] : valueWords()) {
    out << "    " << option << ") ";
    for (const CommandWords& c : commandWords())
      if (c.option == option)
        out << "if [[ $command == " << c.command << " ]]; then " << completionOf(c.words) << "; return; fi; ";
    out << completionOf(words) << "; return ;;\n";
  }
  out << "    --db|-o|--out|--svg|--moves-file|--batch) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
      << "  esac\n"
      << "  local options=\"" << optionWords(app) << "\"\n"
      << "  case $command in\n"
      << "    '') [[ $cur == -* ]] || options=\"" << commands << "\" ;;\n";
  for (const CLI::App* command : app.get_subcommands({}))
    out << "    " << command->get_name() << ") options=\"" << optionWords(*command) << optionWords(app, true)
        << "\" ;;\n";
  out << "  esac\n"
      << "  if [[ $cur == -* || -z $command ]]; then COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
      << "  else COMPREPLY=($(compgen -f -- \"$cur\")); fi\n"
      << "}\n"
      << "complete -o filenames -F _apiary apiary\n";
}

}  // namespace

void addCompletionCommand(CLI::App& app, int& exitCode) {
  auto* cmd = app.add_subcommand("completion", "Print a bash completion script for apiary's commands and options");
  cmd->callback([&app, &exitCode] {
    writeScript(std::cout, app);
    exitCode = kExitOk;
  });
}

}  // namespace apiary::cli
