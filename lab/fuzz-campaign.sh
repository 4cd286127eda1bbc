# shellcheck shell=bash
# fuzz/campaign --lab: the campaign inside the soft-RDMA lab guest, sourced
# by fuzz/campaign after its options are read (its variables: targets,
# budget, per_input, jobs, out, build, device, device2, faults, faults2,
# known_file, no_seeds, kernel, max_boots, repo, here).
#
# Per device (rxe0 and siw0, or -d), guests boot one after another, each
# running `fuzz/campaign --in-lab STATE` on the targets not yet done, with
# the device's deviations file. The guest kernel runs with panic_on_warn
# (and softlockup_panic, and the slab allocator's checks with
# panic_on_taint), so an oops, a BUG, a WARN, a soft lockup or a slab
# object written past its end ends
# the guest: lab/run exits 125 (124 when the command hangs past its
# timeout), and the target that was running (STATE/current) and its input
# (STATE/running.input, written by the target before each input over the
# share) are written up with the console excerpt in
# OUT/<device>-<kernel>/evidence/kernel/. A fresh guest goes on with the
# next target.

lab_say() { echo "campaign(lab): $*"; }
lab_slug() { tr -c 'A-Za-z0-9._-' '_' <<<"$1" | cut -c1-100 | sed 's/_*$//'; }

# A Debian kernel, or a kernel build tree as lab/run boots it
# (lab/build-kasan-kernel's): its output dir is named after the tree's
# parent (kasan-6.12).
case $kernel in
  debian-6.1|debian-6.12) ksuffix=${kernel#debian-} ;;
  /*) [ -f "$kernel/arch/x86/boot/bzImage" ] || [ -f "$kernel/vmlinux" ] ||
        die "--kernel: '$kernel' is not a kernel build tree (no vmlinux or arch/x86/boot/bzImage)"
      ksuffix=$(basename "$(dirname "$kernel")") ;;
  *) die "--kernel: '$kernel' is not a lab kernel (debian-6.1, debian-6.12, or the absolute path of a kernel build tree such as lab/build-kasan-kernel's)" ;;
esac
[ -z "$faults" ] || [ "$device" = emu0 ] || die "-f: fault knobs apply only to emu0"
devices=("${device:-rxe0}")
[ -n "$device" ] || devices=(rxe0 siw0)
[ -n "$known_file" ] && [ ${#devices[@]} -gt 1 ] &&
  die "-k with --lab needs -d DEVICE (without -d each provider gets deviations/<provider>.json)"
case $out in "$repo"/*) ;; *) die "--lab: the output dir must be inside the repository ($repo), which the guest shares: not '$out'" ;; esac
case $corpus_root in "$repo"/*) ;; *) die "--lab: the corpus dir must be inside the repository ($repo): not '$corpus_root'" ;; esac
case $build in "$repo"/*|/work/*|/opt/*|/usr/*|/home/*|/root/*) ;;
  /tmp/*) die "--lab: the guest's /tmp is its own: build the fuzz targets outside /tmp, not in '$build'" ;;
esac

# Kernel failures that do not stop the kernel become stops, with their input.
# The soft-lockup watchdog at its longest threshold (watchdog_thresh=60: a
# CPU stuck 120 s): on a loaded host a TCG vCPU goes without host time for
# tens of seconds, and the default 20 s stopped a guest in clear_page_erms.
# The slab allocator's own checks (slub_debug=FZU: consistency checks, red
# zones, the caller and the requested size kept): a write past a kmalloc
# object is reported when the object is freed, on the freeing call's stack,
# naming the function that allocated it, where a stock kernel corrupts the
# slab silently (an rxe 6.12 max_dest_rd_atomic raise from 1 did not stop
# the guest in two 1800 s trials); the report taints the kernel BAD_PAGE
# (bit 5: panic_on_taint=0x20) and, on 6.12, warns.
export IBVCERT_LAB_KERNEL_ARGS="${IBVCERT_LAB_KERNEL_ARGS:+$IBVCERT_LAB_KERNEL_ARGS }panic_on_warn=1 softlockup_panic=1 watchdog_thresh=60 slub_debug=FZU panic_on_taint=0x20"
oops_re='overwritten[]]|BUG [a-z0-9_.-]+ [(]|Oops|BUG:|kernel BUG at|Kernel panic|general protection fault|Unable to handle kernel|unable to handle page fault|double fault|WARNING:|soft lockup|hung_task'
lab_status=0
lab_summary=()

for dev in "${devices[@]}"; do
  odir=$out/$dev-$ksuffix
  state=$odir/lab
  kfile=$known_file
  [ -n "$kfile" ] || kfile=$repo/deviations/${dev%%[0-9]*}.json
  [ -f "$kfile" ] || die "no deviations file for $dev ($kfile): give one with -k"
  mkdir -p "$state" "$odir/evidence/kernel"
  : >"$state/done"
  kflag=""
  [ "$kernel" = debian-6.1 ] || kflag="--kernel $kernel "
  echo "lab/run $kflag--" >"$state/replay-prefix"
  corpus=$corpus_root
  [ "$corpus_root" = "$out/corpus" ] && corpus=$odir/corpus
  inner=(-T "$budget" -t "$per_input" -j "$jobs" -o "$odir" -c "$corpus" -b "$build" -d "$dev" -k "$kfile")
  [ -n "$device2" ] && inner+=(-D "$device2")
  [ -n "$faults2" ] && inner+=(-F "$faults2")
  [ $no_seeds = 1 ] && inner+=(-S)
  [ -n "$seed" ] && inner+=(-s "$seed")
  [ -n "$min_secs_opt" ] && inner+=(-M "$min_secs_opt")
  remaining=("${targets[@]}")
  boot=0 kernel_findings=0 boot_failures=0
  lab_say "$dev on $kernel: ${targets[*]} for ${budget}s each, deviations $kfile"
  while [ ${#remaining[@]} -gt 0 ]; do
    boot=$((boot + 1))
    if [ $boot -gt "$max_boots" ]; then
      lab_say "$dev: more than $max_boots boots; not run: ${remaining[*]}"
      lab_status=1
      lab_summary+=("$dev-$ksuffix: not run after $max_boots boots: ${remaining[*]}")
      break
    fi
    keep=$state/boot-$boot
    rm -rf "$state/current" "$state/running.input" "$state/history"
    # Each target: its budget, the merge, the crash write-ups; then the boot.
    limit=$(( (budget + 3 * per_input + 240) * ${#remaining[@]} + 120 ))
    "$repo/lab/run" --kernel "$kernel" --share "$repo" --timeout "$limit" --keep "$keep" -- \
      "$here/campaign" --in-lab "$state" "${inner[@]}" "${remaining[@]}"
    rc=$?
    unset IBVCERT_LAB_FUZZ_CRASH_AFTER # the test knob crashes the first boot only
    ended=$(sed -n 1p "$keep/ended" 2>/dev/null)
    if [ "$ended" = ok ]; then
      [ $rc -eq 0 ] || lab_status=1
      remaining=()
      break
    fi
    if [ "$ended" != oops ] && [ "$ended" != timeout ]; then
      lab_say "$dev: the lab failed (lab/run exit $rc, guest ended: ${ended:-?})"
      exit 125
    fi
    # A guest kernel failure: what was running, its input, the console.
    t=$(cat "$state/current" 2>/dev/null)
    if [ -z "$t" ]; then
      # No target had started: the guest failed at boot or setup (under a
      # loaded TCG host the 6.1 kernel's early timer check can panic). A
      # lab failure, not a finding: boot again, twice in a row is the end.
      boot_failures=$((boot_failures + 1))
      lab_say "$dev: the guest failed before any target ran (lab/run exit $rc, $ended: $(sed -n 2p "$keep/ended")); console $keep/console.log"
      [ $boot_failures -lt 2 ] || { lab_say "$dev: the lab failed twice before fuzzing"; exit 125; }
      continue
    fi
    boot_failures=0
    line=$(sed -n 2p "$keep/ended")
    excerpt=$(tr -d '\r' <"$keep/console.log" | awk -v re="$oops_re" 'n == 0 && $0 ~ re { n = 1 } n >= 1 && n <= 60 { print; n++ }')
    first=$(grep -m1 -E "$oops_re" <<<"$excerpt")
    [ -n "$first" ] || first=${line:-the campaign hung past lab/run --timeout $limit}
    # The key: the failure line without timestamps, CPU/PID and addresses.
    key=$(sed -E 's/^\[ *[0-9.]+\] *//; s/CPU: [0-9]+ PID: [0-9]+/CPU PID/; s/\+0x[0-9a-f]+\/0x[0-9a-f]+//g; s/0x[0-9a-f]+/ADDR/g; s/ffff[0-9a-f]+/ADDR/g; s/@offset=[0-9]+/@offset=N/' <<<"$first")
    name=$(lab_slug "$dev $t $key")
    kernel_findings=$((kernel_findings + 1))
    lab_status=1
    input=""
    if [ -s "$state/running.input" ]; then
      input=$odir/evidence/kernel/$name.input
      cp "$state/running.input" "$input"
    fi
    # Every input since the boot, in the order run (their names sort so):
    # what replays a failure that the running input alone does not cause.
    history="" ran=0
    if [ -d "$state/history" ]; then
      history=$odir/evidence/kernel/$name.history
      rm -rf "$history" && mv "$state/history" "$history"
      ran=$(find "$history" -type f | wc -l)
    fi
    # The known kernel bug it is: the deviations file's kernel_regressions
    # entry whose oops expressions the console matches (lab/known-oops).
    if [ -z "$excerpt" ]; then
      known_bug="none: the console shows no oops (a hang, or a stop without one)"
    else
      # With the inputs since the boot, a later effect of a known bug is
      # named too when one of them triggers it (the entry's trigger
      # decodes them on the host: minutes for thousands).
      since=()
      [ "$ran" -gt 0 ] && since=(--history "$history" --build "$build" --target "$t")
      known_bug=$(printf '%s\n' "$excerpt" | "$repo/lab/known-oops" "${since[@]}" "$kfile" /dev/stdin)
      case $? in
        0) ;;
        1) known_bug="none: no kernel_regressions entry of $(basename "$kfile") matches this oops (a new kernel bug, or a later effect of one)" ;;
        *) known_bug="not matched: lab/known-oops failed on $kfile" ;;
      esac
    fi
    bin=$build/fuzz/${t}_fuzzer
    envs=("IBVCERT_DEVICE=$dev" "IBVCERT_KNOWN=$kfile") # the replays pass listed deviations over, as the campaign did
    [ -n "$device2" ] && envs+=("IBVCERT_DEVICE2=$device2")
    {
      echo "guest kernel failure: $first"
      echo "known kernel bug: $known_bug"
      echo "device: $dev, kernel: $kernel (guest kernel arguments: $IBVCERT_LAB_KERNEL_ARGS), boot $boot"
      echo "target: $t"
      if [ -n "$input" ]; then
        echo "input: $input ($(stat -c %s "$input") bytes: the one running when the guest stopped)"
        echo "replay: IBVCERT_LAB_KERNEL_ARGS='$IBVCERT_LAB_KERNEL_ARGS' lab/run --kernel $kernel -- env ${envs[*]} $bin $input"
        echo "decoded input: IBVCERT_FUZZ_PRINT=1 ${envs[*]} $bin $input   (on the host with emu0: IBVCERT_FUZZ_PRINT=1 $bin $input)"
      else
        echo "input: none on record"
      fi
      if [ "$ran" -gt 0 ]; then
        echo "inputs since the boot: $ran in $history, in the order run (the running one last)"
        echo "replay of them all, in order, in one process (a failure that a slab overrun or a leak of an earlier input causes): IBVCERT_LAB_KERNEL_ARGS='$IBVCERT_LAB_KERNEL_ARGS' lab/run --kernel $kernel -- env ${envs[*]} $bin $history/*"
      fi
      echo "lab/run exit status: $rc (guest ended: $ended)"
      echo "--- guest console ---"
      echo "$excerpt"
    } >"$odir/evidence/kernel/$name.txt"
    lab_say "$dev: guest kernel failure in $t: $first"
    lab_say "$dev: known kernel bug: $known_bug"
    lab_say "$dev: written up in $odir/evidence/kernel/$name.txt"
    # Done: the targets that ended, and the one that stopped the kernel.
    echo "$t" >>"$state/done"
    left=()
    for r in "${remaining[@]}"; do grep -qx "$r" "$state/done" || left+=("$r"); done
    remaining=("${left[@]}")
  done
  lab_summary+=("$dev-$ksuffix: $boot boot(s), $kernel_findings guest kernel failure(s); evidence $odir/evidence")
  for f in "$odir"/evidence/kernel/*.txt; do
    [ -e "$f" ] && lab_summary+=("  - $(head -1 "$f")" "    $(sed -n 2p "$f")" "    $f")
  done
  if [ -s "$odir/known-met.tsv" ]; then
    lab_summary+=("  known deviations met (count, target, entry, clause): ")
    while IFS=$'\t' read -r n tg entry clause why; do
      lab_summary+=("    ${n}x $tg $clause: deviations[$entry] ${why:0:100}")
    done <"$odir/known-met.tsv"
  fi
done

echo
echo "lab campaign summary ($kernel, ${budget}s per target):"
printf '%s\n' "${lab_summary[@]}"
return $lab_status 2>/dev/null || exit $lab_status
