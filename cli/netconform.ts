/**
 * The `netconform` command: the entry `deno install -g -n netconform` installs (see the
 * README's install line). The same CLI as `cli/conform.ts`, whose replay lines and hints then
 * say `netconform ...`.
 *
 * @module
 */
import "./conform.ts";
