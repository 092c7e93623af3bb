<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/**
 * The answers of an exchange case, written byte for byte as the case gives them by a server
 * of raw sockets in a process of its own (PHP runs one thing at a time: the client blocks
 * while it waits). One loop serves every connection, so a delayed answer does not hold
 * back the next request. What arrived, and when each answer ended, is appended to a file
 * the starter reads; times are CLOCK_MONOTONIC (hrtime), one clock for both processes.
 */
final class ReplayServer
{
    private const REASONS = [
        200 => 'OK', 201 => 'Created', 204 => 'No Content', 301 => 'Moved Permanently', 302 => 'Found',
        303 => 'See Other', 307 => 'Temporary Redirect', 308 => 'Permanent Redirect', 400 => 'Bad Request',
        401 => 'Unauthorized', 402 => 'Payment Required', 403 => 'Forbidden', 404 => 'Not Found',
        409 => 'Conflict', 422 => 'Unprocessable Entity', 429 => 'Too Many Requests',
        500 => 'Internal Server Error', 502 => 'Bad Gateway', 503 => 'Service Unavailable', 504 => 'Gateway Timeout',
    ];

    public readonly string $url;
    private readonly string $log;
    private readonly int $pid;

    /**
     * @var array{0: list<array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt:
     * int}>, 1: array<int, int>}|null
     */
    private ?array $stopped = null;

    /** @param list<\stdClass> $answers */
    public function __construct(private readonly array $answers)
    {
        $listener = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if ($listener === false) {
            throw new \RuntimeException("the replay server could not listen: $error");
        }
        $this->url = 'http://' . stream_socket_get_name($listener, false);
        $this->log = (string) tempnam(sys_get_temp_dir(), 'php-replay-');
        $pid = pcntl_fork();
        if ($pid === -1) {
            throw new \RuntimeException('the replay server could not fork');
        }
        if ($pid === 0) {
            posix_setpgid(0, 0);
            // Holding the parent's output open would keep whoever reads it waiting.
            fclose(STDIN);
            fclose(STDOUT);
            fclose(STDERR);
            $this->serve($listener);
            self::quit();
        }
        posix_setpgid($pid, $pid);
        $this->pid = $pid;
        fclose($listener);
        // Never outlives the process that started it, whatever ends that process.
        register_shutdown_function(static function () use ($pid): void {
            posix_kill(-$pid, SIGKILL);
        });
    }

    /**
     * Stops the server and every connection it still serves, and returns what arrived.
     *
     * @return array{0: list<array{method: string, target: string, headers: array<string, string>, body: string,
     *     arrivedAt: int}>, 1: array<int, int>}
     */
    public function stop(): array
    {
        if ($this->stopped !== null) {
            return $this->stopped;
        }
        posix_kill(-$this->pid, SIGKILL);
        pcntl_waitpid($this->pid, $status);
        $received = [];
        $answered = [];
        foreach (file($this->log, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            $entry = json_decode($line, true);
            if (!is_array($entry)) {
                continue;
            }
            if (isset($entry['answered'])) {
                $answered[(int) $entry['answered']] = (int) $entry['at'];
            } else {
                $entry['body'] = (string) base64_decode((string) $entry['body']);
                $received[] = $entry;
            }
        }
        @unlink($this->log);
        return $this->stopped = [$received, $answered];
    }

    /**
     * One loop serves every connection: a request is read as it arrives and answered once its
     * delay has passed, so a delayed answer never holds back the next request.
     *
     * @param resource $listener
     */
    private function serve($listener): void
    {
        stream_set_blocking($listener, false);
        $open = [];
        while (true) {
            $read = [$listener];
            $next = null;
            foreach ($open as $connection) {
                if ($connection['index'] === null) {
                    $read[] = $connection['stream'];
                } else {
                    $next = $next === null ? $connection['at'] : min($next, $connection['at']);
                }
            }
            $write = $except = null;
            $waitNs = $next === null ? null : max(0, $next - hrtime(true));
            $seconds = $waitNs === null ? null : intdiv($waitNs, 1_000_000_000);
            $microseconds = $waitNs === null ? null : intdiv($waitNs % 1_000_000_000, 1000);
            $ready = @stream_select($read, $write, $except, $seconds, $microseconds);
            foreach ($ready === false ? [] : $read as $stream) {
                if ($stream === $listener) {
                    $accepted = @stream_socket_accept($listener, 0);
                    if ($accepted !== false) {
                        $open[(int) $accepted] = [
                            'stream' => $accepted,
                            'buffer' => '',
                            'index' => null,
                            'request' => null,
                            'at' => 0,
                        ];
                    }
                    continue;
                }
                $id = (int) $stream;
                $chunk = @fread($stream, 65536);
                if ($chunk === false || ($chunk === '' && feof($stream))) {
                    unset($open[$id]);
                    @fclose($stream);
                    continue;
                }
                $open[$id]['buffer'] .= $chunk;
                $request = self::parseRequest($open[$id]['buffer']);
                if ($request !== null) {
                    $index = $this->record($request);
                    $answer = $this->answers[min($index, count($this->answers) - 1)];
                    $open[$id]['request'] = $request;
                    $open[$id]['index'] = $index;
                    $open[$id]['at'] = hrtime(true) + (int) (($answer->delayMs ?? 0) * 1_000_000);
                }
            }
            $now = hrtime(true);
            foreach ($open as $id => $connection) {
                if ($connection['index'] === null || $connection['at'] > $now) {
                    continue;
                }
                unset($open[$id]);
                $this->answer($connection['stream'], $connection['index'], $connection['request']);
            }
        }
    }

    /**
     * @param resource $connection
     * @param array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}
     *     $request
     */
    private function answer($connection, int $index, array $request): void
    {
        $answer = $this->answers[min($index, count($this->answers) - 1)];
        try {
            if ($this->write($connection, $answer, $request)) {
                $this->append(json_encode(['answered' => $index, 'at' => hrtime(true)]) . "\n");
            }
        } catch (\Throwable) {
            // The client left while the answer was written.
        }
        if (is_resource($connection)) {
            @fclose($connection);
        }
    }

    /**
     * A request whose head and body arrived whole, or null while they have not.
     *
     * @return array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}|null
     */
    private static function parseRequest(string $data): ?array
    {
        $end = strpos($data, "\r\n\r\n");
        if ($end === false) {
            return null;
        }
        $lines = explode("\r\n", substr($data, 0, $end));
        [$method, $target] = explode(' ', $lines[0], 3) + ['', '', ''];
        $headers = [];
        foreach (array_slice($lines, 1) as $line) {
            $parts = explode(':', $line, 2);
            $headers[strtolower(trim($parts[0]))] = trim($parts[1] ?? '');
        }
        $length = (int) ($headers['content-length'] ?? 0);
        $body = substr($data, $end + 4);
        if (strlen($body) < $length) {
            return null;
        }
        $arrived = hrtime(true);
        return [
            'method' => $method,
            'target' => $target,
            'headers' => $headers,
            'body' => substr($body, 0, $length),
            'arrivedAt' => $arrived,
        ];
    }

    /**
     * @param array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}
     * $request
     */
    private function record(array $request): int
    {
        $handle = fopen($this->log, 'c+');
        if ($handle === false) {
            throw new \RuntimeException('the replay log cannot be opened');
        }
        flock($handle, LOCK_EX);
        $index = 0;
        while (($line = fgets($handle)) !== false) {
            if (!str_contains($line, '"answered"')) {
                $index++;
            }
        }
        fseek($handle, 0, SEEK_END);
        fwrite($handle, json_encode(['body' => base64_encode($request['body'])] + $request) . "\n");
        fflush($handle);
        flock($handle, LOCK_UN);
        fclose($handle);
        return $index;
    }

    private function append(string $line): void
    {
        $handle = fopen($this->log, 'a');
        if ($handle !== false) {
            flock($handle, LOCK_EX);
            fwrite($handle, $line);
            flock($handle, LOCK_UN);
            fclose($handle);
        }
    }

    /**
     * Writes one answer; true once it ended as the case says, false if the client left first.
     *
     * @param resource $connection
     * @param array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}
     *     $request
     */
    private function write($connection, \stdClass $answer, array $request): bool
    {
        if (self::peerLeft($connection)) {
            return false;
        }
        $fault = $answer->fault ?? null;
        if ($fault === 'reset-before-headers') {
            self::reset($connection);
            return true;
        }
        $body = Cases::bodyBytes($answer->body ?? null);
        $echo = ($answer->echo ?? false) === true;
        if ($echo && !isset($answer->body->base64)) {
            $body = self::echoed($body, $request);
        }
        $headers = [];
        foreach ($answer->headers ?? [] as [$name, $value]) {
            $headers[] = $echo ? [self::echoed($name, $request), self::echoed($value, $request)] : [$name, $value];
        }
        if (isset($answer->retryAfterInSeconds)) {
            $headers[] = ['retry-after', gmdate('D, d M Y H:i:s \G\M\T', time() + (int) $answer->retryAfterInSeconds)];
        }
        $framing = $fault === 'reset-after-headers' ? 'content-length' : ($answer->framing ?? 'content-length');
        if ($framing === 'content-length') {
            $headers[] = ['content-length', (string) (strlen($body) + ($fault === 'reset-after-headers' ? 64 : 0))];
        } elseif ($framing === 'chunked') {
            $headers[] = ['transfer-encoding', 'chunked'];
        }
        $headers[] = ['connection', 'close'];
        $status = (int) $answer->status;
        $reason = $answer->reason ?? (self::REASONS[$status] ?? 'Unknown');
        $head = "HTTP/1.1 $status $reason\r\n";
        foreach ($headers as [$name, $value]) {
            $head .= "$name: $value\r\n";
        }
        fwrite($connection, $head . "\r\n");
        try {
            if ($fault === 'reset-after-headers') {
                fwrite($connection, substr($body, 0, intdiv(strlen($body), 2)));
                fflush($connection);
                usleep(20_000);
                self::reset($connection);
                return true;
            }
            if ($framing === 'chunked') {
                foreach (str_split($body, 16 * 1024) as $chunk) {
                    if ($chunk !== '') {
                        fwrite($connection, dechex(strlen($chunk)) . "\r\n" . $chunk . "\r\n");
                    }
                }
                fwrite($connection, "0\r\n\r\n");
            } elseif ($body !== '') {
                fwrite($connection, $body);
            }
            stream_socket_shutdown($connection, STREAM_SHUT_WR);
        } catch (\Throwable) {
            // The client hung up while the body was written: the answer ended all the same.
        }
        return true;
    }

    /**
     * @param array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}
     * $request
     */
    private static function echoed(string $text, array $request): string
    {
        $fields = json_decode($request['body'] === '' ? '{}' : $request['body'], true);
        $fields = is_array($fields) ? $fields : [];
        $text = (string) preg_replace_callback(
            '/\{\{header:([^}]+)\}\}/',
            static fn (array $m): string => $request['headers'][strtolower($m[1])] ?? '',
            $text,
        );
        $field = static function (array $m) use ($fields): string {
            $value = $fields[$m[1]] ?? '';
            return is_scalar($value) ? (string) $value : (string) json_encode($value);
        };
        return (string) preg_replace_callback('/\{\{field:([^}]+)\}\}/', $field, $text);
    }

    /** @param resource $connection */
    private static function peerLeft($connection): bool
    {
        $read = [$connection];
        $write = $except = null;
        if (@stream_select($read, $write, $except, 0) === 0) {
            return false;
        }
        $peek = @stream_socket_recvfrom($connection, 1, STREAM_PEEK);
        return $peek === '' || $peek === false;
    }

    /** Closes with SO_LINGER 0: the peer sees a reset, not an end of stream. @param resource $connection */
    private static function reset($connection): void
    {
        $socket = socket_import_stream($connection);
        if ($socket !== false && $socket !== null) {
            socket_set_option($socket, SOL_SOCKET, SO_LINGER, ['l_onoff' => 1, 'l_linger' => 0]);
        }
        // Closing the stream closes the descriptor the socket shares: with a zero linger, a reset.
        fclose($connection);
    }

    private static function quit(): never
    {
        // No destructor or shutdown function of the parent's objects runs in a forked child.
        posix_kill(posix_getpid(), SIGKILL);
        exit(0);
    }
}
