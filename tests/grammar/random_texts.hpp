// Random texts for a reader's robustness tests: `rounds` texts of up to 30 pieces
// drawn from `alphabet` after `start`, each handed to `check` (with the text in
// Catch's INFO, so a failure shows it). The pieces are chosen per notation so that
// many random texts hold moves.
#pragma once
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

namespace apiary::test {

template <class Check>
void forRandomTexts(const std::vector<std::string>& alphabet, unsigned seed, const std::string& start, Check check) {
  std::mt19937 random(seed);
  for (int round = 0; round < 3000; ++round) {
    std::string text = start;
    for (int i = std::uniform_int_distribution(0, 30)(random); i > 0; --i)
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(random)];
    INFO(text);
    check(text);
  }
}

}  // namespace apiary::test
