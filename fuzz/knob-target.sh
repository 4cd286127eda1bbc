# Sourced by fuzz/finds and fuzz/coverage (bash).
# knob_target KNOB: the fuzz target that drives the knob's verbs: the first
# target its row in fixtures/emu/emu_fault_list.h names on its last line
# (what the fuzz targets must report under it); sequence for a knob whose
# row names none (the sequence target draws on every verb family).
knob_target() {
  awk -v knob="$1" '
    index($0, "IBVCERT_EMU_FAULT(") == 1 { row = ($0 ~ "\"" knob "\",") ; next }
    row && /^[ \t]+"([a-z_,]+=(clause|error):[^"]*)?"\)$/ {
      line = $0; sub(/^[ \t]+"/, "", line); split(line, t, /[,=]/)
      found = (line ~ /^[a-z_]+[,=]/) ? t[1] : ""; row = 0
    }
    END { print (found != "" ? found : "sequence") }
  ' "$(dirname "${BASH_SOURCE[0]}")/../fixtures/emu/emu_fault_list.h"
}
