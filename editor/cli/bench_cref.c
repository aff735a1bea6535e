/* The C reference of the range-6 destination search (`conquest bench --against`): the engine's
 * breadth-first search (editor/rules/search.py, MOVE-1..5, PIECE-KNIGHT-2, PIECE-SOLDIER-3/-4,
 * CAPT-1/-5, PIECE-CAMEL-3) over flat arrays, for pieces standing on a field with no raised
 * drawbridge and no partner on the board. What the Python search asks of the pieces (may this
 * piece mount, jump, capture or take over the one on v?) comes precomputed per query as one
 * class per node, so the figure is the search alone. Built only where a C compiler is present;
 * measurement only, never a rule source. */

enum { EMPTY_STAND, EMPTY_NO_STAND, OWN_MOUNT, OWN_JUMP, OWN_BLOCK, ENEMY_CAPTURE, ENEMY_RIDE,
       ENEMY_BLOCK };
enum { K_MOVE, K_MOUNT, K_CAPTURE, K_RIDE };

static int search(const int *adj_start, const int *adj, const signed char *cls,
                  const unsigned char *sea, int ground_ok, int start, int maxd, int *mark,
                  int *rides, int stamp, int *frontier, int *out)
{
    int found = 0, head = 0, tail = 0, d = 0;
    mark[start] = stamp;
    frontier[tail++] = start;
    while (head < tail && d < maxd) {
        int level_end = tail;
        d++;
        for (; head < level_end; head++) {
            int u = frontier[head];
            int u_rides = rides[u] == stamp;
            for (int e = adj_start[u]; e < adj_start[u + 1]; e++) {
                int v = adj[e];
                if (mark[v] == stamp)
                    continue;
                switch (cls[v]) {
                case EMPTY_STAND:
                    mark[v] = stamp;
                    out[3 * found] = v; out[3 * found + 1] = d; out[3 * found + 2] = K_MOVE;
                    found++;
                    frontier[tail++] = v;
                    break;
                case OWN_MOUNT:
                    if (u_rides && !(ground_ok && (sea[u] || sea[v])))
                        break;  /* PIECE-SOLDIER-4 */
                    mark[v] = stamp;
                    rides[v] = stamp;
                    out[3 * found] = v; out[3 * found + 1] = d; out[3 * found + 2] = K_MOUNT;
                    found++;
                    frontier[tail++] = v;
                    break;
                case OWN_JUMP:
                    mark[v] = stamp;
                    frontier[tail++] = v;
                    break;
                case ENEMY_CAPTURE:
                case ENEMY_RIDE:
                    if (u_rides && sea[v] && !ground_ok)
                        break;
                    mark[v] = stamp;
                    if (cls[v] == ENEMY_CAPTURE || !u_rides) {
                        out[3 * found] = v; out[3 * found + 1] = d;
                        out[3 * found + 2] = cls[v] == ENEMY_CAPTURE ? K_CAPTURE : K_RIDE;
                        found++;
                    }
                    break;
                case ENEMY_BLOCK:
                    if (u_rides && sea[v] && !ground_ok)
                        break;
                    mark[v] = stamp;
                    break;
                default:  /* EMPTY_NO_STAND, OWN_BLOCK */
                    mark[v] = stamp;
                }
            }
        }
    }
    return found;
}

/* Every query `repeats` times, query q over connection table `table[q]` (its row starts in
 * `adj_start_all`, offsets into `adj_all`); the answers of the last round in `out` (3 ints per destination,
 * `counts[q]` per query, at most n per query). Returns the number of destinations found. */
long search_batch(int nq, int n, const int *adj_start_all, const int *adj_all,
                  const int *table, const signed char *cls_all, const unsigned char *sea,
                  const int *ground_ok, const int *starts, const int *maxds, int repeats,
                  int *mark, int *rides, int *frontier, int *counts, int *out)
{
    long total = 0;
    int stamp = 0;
    for (int r = 0; r < repeats; r++) {
        for (int q = 0; q < nq; q++) {
            const int *adj_start = adj_start_all + (long)table[q] * (n + 1);
            int found = search(adj_start, adj_all, cls_all + (long)q * n,
                               sea, ground_ok[q], starts[q], maxds[q], mark, rides, ++stamp,
                               frontier, out + (long)q * 3 * n);
            counts[q] = found;
            total += found;
        }
    }
    return total;
}
