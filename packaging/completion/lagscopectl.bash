# bash completion for lagscopectl: its commands, each command's options, and the values of
# --format, --mode, --fallback, the cluster options and the file options.
# tests/packaging/check-completion keeps the lists equal to `lagscopectl [COMMAND] --help`.

_lagscopectl_commands="describe brokers quorum topics groups reset-offsets undo delete
    delete-offsets failover failback triage audit report collect"

# The options every command takes, then each command's own.
_lagscopectl_help="--help --help-all"
_lagscopectl_connect="--config --cluster --bootstrap --format --timeout"

_lagscopectl_options() {
    local connect="$_lagscopectl_help $_lagscopectl_connect"
    case $1 in
        describe) echo "$connect --group --all-groups --offsets --members --state --verbose" ;;
        brokers | quorum | topics | groups) echo "$connect" ;;
        reset-offsets)
            echo "$connect --group --all-groups --all-topics --topic --to-earliest --to-latest" \
                "--to-current --to-offset --shift-by --to-datetime --by-duration --from-file" \
                "--dry-run --execute --export"
            ;;
        undo) echo "$connect --backup --dry-run --execute" ;;
        delete) echo "$connect --group --all-groups --dry-run --execute" ;;
        delete-offsets) echo "$connect --group --topic --dry-run --execute" ;;
        failover | failback)
            echo "$connect --from --to --group --all-groups --target-group --mode --fallback" \
                "--dry-run --execute --accept-skips --disaster --wait-replication --refresh-cache"
            ;;
        triage) echo "$_lagscopectl_help --config --format --polls --interval --timeout" ;;
        audit) echo "$_lagscopectl_help --since --file --format" ;;
        collect) echo "$_lagscopectl_help --config --history --metrics-listen --no-partition-metrics" ;;
        report)
            echo "$_lagscopectl_help --history --since --from --to --cluster --group --format --out" \
                "--sla-lag --sla-seconds --partitions --utc --every-group"
            ;;
    esac
}

# The cluster names of the configuration (--config on the line, else the default file): the
# name: keys of its top-level clusters: list, whether on the item's "-" line or below it.
_lagscopectl_clusters() {
    local config=${XDG_CONFIG_HOME:-$HOME/.config}/lagscope/config.yaml i
    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
        [[ ${COMP_WORDS[i]} == --config ]] && config=${COMP_WORDS[i + 1]/#\~/$HOME}
    done
    [[ -r $config ]] || return 0
    awk '/^[^ #]/ { in_clusters = ($0 ~ /^clusters:/) }
         in_clusters && /^ *(- +)?name:/ { sub(/^ *(- +)?name: */, ""); gsub(/["\047]/, ""); print $1 }' \
        "$config"
}

_lagscopectl() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} command="" i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) ;;
            *) command=${COMP_WORDS[i]}; break ;;
        esac
    done
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "--version --help" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "$_lagscopectl_commands" -- "$cur")
        fi
        return 0
    fi
    case $prev in
        --config | --backup | --from-file | --file | --history | --out)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return 0
            ;;
        --format)
            if [[ $command == report ]]; then
                mapfile -t COMPREPLY < <(compgen -W "csv json pdf" -- "$cur")
            else
                mapfile -t COMPREPLY < <(compgen -W "table csv json" -- "$cur")
            fi
            return 0
            ;;
        --mode) mapfile -t COMPREPLY < <(compgen -W "auto exact offset-sync checkpoint" -- "$cur"); return 0 ;;
        --fallback) mapfile -t COMPREPLY < <(compgen -W "fail earliest latest" -- "$cur"); return 0 ;;
        --cluster | --from | --to)
            # report's --from and --to are times, not clusters.
            [[ $command == report && $prev != --cluster ]] && return 0
            mapfile -t COMPREPLY < <(compgen -W "$(_lagscopectl_clusters)" -- "$cur")
            return 0
            ;;
        --bootstrap | --timeout | --group | --topic | --to-offset | --shift-by | --to-datetime | \
            --by-duration | --target-group | --wait-replication | --polls | --interval | --since | \
            --sla-lag | --sla-seconds | --metrics-listen)
            return 0 # a value only the user knows
            ;;
    esac
    mapfile -t COMPREPLY < <(compgen -W "$(_lagscopectl_options "$command")" -- "$cur")
}

complete -F _lagscopectl lagscopectl
