/**
 * The one POSIX shell script the ops tools run on an instance (docs/architecture.md 11): the same text
 * runs here under `sh -c` (LocalScriptRunner) and on EC2 through SSM's AWS-RunShellScript
 * (SsmScriptRunner). It is fixed: every user value (path, pattern, line count, pid, offsets) and
 * every setting (log roots, screen user) reaches it as a base64 positional argument, decoded
 * into a variable and only ever used quoted, after `--`. So neither shell quoting nor SSM's
 * `{{ssm:...}}` resolution ever sees user text: the base64 alphabet holds no quote, `$`, `{` or
 * newline.
 *
 * Arguments (each base64): 1 operation, 2 spool id (32 hex), 3 offset, 4 length, 5 path or pid,
 * 6 lines / pattern / inode, 7 screen user, 8... log roots.
 *
 * Operations: `list` (the files under the roots), `tail` (inode, size, then the last lines),
 * `search` (matching lines, numbered, the newest 1001; case folded
 * under a UTF-8 locale where the host has one, so `É` finds `é`), `read` (inode, size, the 64 bytes before
 * an offset in hex, then the bytes from it), `screens` (`screen -ls`), `hardcopy` (a session's content), `chunk` (more of an
 * earlier output). An output is spooled to a private file and answered a chunk at a time
 * (base64, under SSM's 24,000-character cap); the header says the status and the total size:
 *   CREDENCE-OPS 1 <ok|error-word> <total bytes> <spool id>
 * Paths are resolved on the host (`realpath -e`: `..` and symlinks) and must end inside a root;
 * the file is then opened once (fd 3) and, where /proc shows what was opened (Linux), read only
 * if that is the very file checked, and only through that descriptor: a path swapped between
 * the check and the read (a symlink put in place of a directory) is refused, never read.
 */
export const HOST_SCRIPT = String.raw`set -u
umask 077
LC_ALL=C
export LC_ALL
nl='
'
tab='	'
answer() { printf 'CREDENCE-OPS 1 %s %s %s\n' "$1" "$2" "$3"; }
fail() { answer "$1" 0 -; exit 0; }
dec() { printf '%s' "$1" | base64 -d 2>/dev/null; }
number() { case $1 in ''|*[!0-9]*|????????????????*) fail bad-value ;; esac; }
[ "$#" -ge 7 ] || fail bad-value
for v in "$@"; do case $v in *[!A-Za-z0-9+/=]*) fail bad-value ;; esac; done
op=$(dec "$1"); id=$(dec "$2"); off=$(dec "$3"); len=$(dec "$4")
a=$(dec "$5"); b=$(dec "$6"); suser=$(dec "$7")
shift 7
for v in "$op" "$id" "$off" "$len" "$a" "$b" "$suser"; do
  case $v in *"$nl"*|*"$tab"*) fail bad-value ;; esac
done
case $id in *[!0-9a-f]*) fail bad-value ;; esac
case $id in ????????????????????????????????) ;; *) fail bad-value ;; esac
number "$off"; number "$len"
[ "$len" -ge 1 ] && [ "$len" -le 16000 ] || fail bad-value
roots=''
given=''
for r in "$@"; do
  rr=$(dec "$r")
  case $rr in /*) given="$given$(realpath -m -s -- "$rr")$nl" ;; esac
  real=$(realpath -e -- "$rr" 2>/dev/null) || continue
  [ -d "$real" ] || continue
  case $real in *"$nl"*) continue ;; esac
  roots="$roots$real$nl"
done
inside() {
  list=$roots
  [ "$#" -lt 2 ] || list=$2
  printf '%s' "$list" | while IFS= read -r root; do
    [ -n "$root" ] || continue
    if [ "$root" = / ]; then echo yes; break; fi
    case $1 in "$root"/*) echo yes; break ;; esac
  done
}
confine() {
  cand=''
  case $1 in
    /*) cand=$1 ;;
    *) cand=$(printf '%s' "$roots" | while IFS= read -r root; do
         [ -n "$root" ] && [ -e "$root/$1" ] && { printf '%s' "$root/$1"; break; }
       done) ;;
  esac
  [ -n "$cand" ] || cand=$(printf '%s' "$roots" | head -n 1)/$1
  lexical=$(realpath -m -s -- "$cand" 2>/dev/null) || fail bad-value
  [ -n "$(inside "$lexical" "$roots$given")" ] || fail outside
  [ -e "$cand" ] || fail not-found
  file=$(realpath -e -- "$cand" 2>/dev/null) || fail not-found
  [ -n "$(inside "$file")" ] || fail outside
  [ -f "$file" ] || fail not-a-file
  [ -r "$file" ] || fail unreadable
  exec 3< "$file" 2>/dev/null || fail unreadable
  if [ -e "/proc/$$/fd/3" ]; then
    opened=$(realpath -e -- "/proc/$$/fd/3" 2>/dev/null) || fail not-found
    [ "$opened" = "$file" ] || fail outside
    file=/proc/$$/fd/3
  fi
}
tmp=$(printenv TMPDIR) || tmp=/tmp
case $tmp in /*) ;; *) tmp=/tmp ;; esac
spools=$tmp/credence-ops-$(id -u)
mkdir -m 700 "$spools" 2>/dev/null
[ -d "$spools" ] && [ ! -L "$spools" ] && [ -O "$spools" ] || fail no-spool
find "$spools" -type f -mmin +15 -exec rm -f -- {} + 2>/dev/null
spool=$spools/$id
emit() {
  total=$(wc -c < "$spool")
  total=$((total + 0))
  if [ "$off" -ge "$total" ]; then answer ok "$total" "$id"; rm -f -- "$spool"; return; fi
  answer ok "$total" "$id"
  tail -c +"$((off + 1))" -- "$spool" | head -c "$len" | base64
  [ "$((off + len))" -lt "$total" ] || rm -f -- "$spool"
}
screen_run() {
  if [ -n "$suser" ] && [ "$suser" != "$(id -un)" ]; then runuser -u "$suser" -- screen "$@"; else screen "$@"; fi
}
case $op in
  chunk)
    [ -f "$spool" ] || fail expired
    emit ;;
  list)
    : > "$spool"
    printf '%s' "$roots" | while IFS= read -r root; do
      [ -n "$root" ] || continue
      find "$root" -maxdepth 5 ! -path "*$nl*" ! -path "*$tab*" -type f -printf 'F\t%s\t%T@\t%p\n' 2>/dev/null | head -n 2000
      find "$root" -maxdepth 5 ! -path "*$nl*" ! -path "*$tab*" -type l -print 2>/dev/null | head -n 2000 | while IFS= read -r link; do
        real=$(realpath -e -- "$link" 2>/dev/null) || continue
        [ -f "$real" ] && [ -n "$(inside "$real")" ] || continue
        printf 'L\t%s\t%s\t%s\t%s\n' "$(stat -c %s -- "$real")" "$(stat -c %Y -- "$real")" "$link" "$real"
      done
    done > "$spool"
    emit ;;
  tail)
    number "$b"
    confine "$a"
    { stat -L -c '%i %s' -- "$file"; tail -n "$b" -- "$file" | cut -b 1-16400; } > "$spool"
    emit ;;
  search)
    [ -n "$b" ] || fail bad-value
    confine "$a"
    utf8=$(locale -a 2>/dev/null | grep -i -x -m 1 -e 'C\.utf-*8' -e 'en_US\.utf-*8')
    [ -n "$utf8" ] || utf8=C
    LC_ALL=$utf8 grep -F -i -n -a -e "$b" -- "$file" | tail -n 1001 | cut -b 1-16400 > "$spool"
    emit ;;
  read)
    number "$b"
    confine "$a"
    info=$(stat -L -c '%i %s' -- "$file")
    { set -- $info
      if [ "$1" = "$b" ] && [ "$off" -le "$2" ]; then
        from=0
        [ "$off" -le 64 ] || from=$((off - 64))
        before=$(tail -c +"$((from + 1))" -- "$file" | head -c "$((off - from))" | od -An -v -tx1 | tr -d ' \n')
        [ -n "$before" ] || before=-
        printf '%s %s\n' "$info" "$before"
        tail -c +"$((off + 1))" -- "$file" | head -c "$len"
      else
        printf '%s -\n' "$info"
      fi
    } > "$spool"
    off=0
    len=$((len + 300))
    emit ;;
  screens)
    command -v screen >/dev/null 2>&1 || fail screen-missing
    screen_run -ls > "$spool" 2>&1
    emit ;;
  hardcopy)
    command -v screen >/dev/null 2>&1 || fail screen-missing
    number "$a"
    name=$(screen_run -ls 2>/dev/null | sed -n "s/^$tab\\($a\\.[^$tab]*\\)$tab.*/\\1/p" | head -n 1)
    [ -n "$name" ] || fail no-session
    dir=$(mktemp -d) || fail no-spool
    if [ -n "$suser" ] && [ "$suser" != "$(id -un)" ]; then chown -- "$suser" "$dir"; fi
    screen_run -S "$name" -X hardcopy -h "$dir/hardcopy.txt"
    n=0
    while [ ! -s "$dir/hardcopy.txt" ] && [ "$n" -lt 60 ]; do sleep 0.05; n=$((n + 1)); done
    if [ -f "$dir/hardcopy.txt" ]; then cat -- "$dir/hardcopy.txt" > "$spool"; rm -rf -- "$dir"; else rm -rf -- "$dir"; fail no-content; fi
    emit ;;
  *) fail bad-value ;;
esac
`;
