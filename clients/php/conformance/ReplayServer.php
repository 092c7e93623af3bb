<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/**
 * The answers of an exchange case, written byte for byte as the case gives them by a server
 * of raw sockets in a process of its own (PHP runs one thing at a time: the client blocks
 * while it waits). Each connection is served by a process of its own too, so a delayed
 * answer does not hold back the next request. What arrived, and when each answer ended, is
 * appended to a file under a lock; times are CLOCK_MONOTONIC (hrtime), one clock for every
 * process.
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

    /** @param resource $listener */
    private function serve($listener): void
    {
        while (true) {
            $connection = @stream_socket_accept($listener, -1);
            if ($connection === false) {
                continue;
            }
            $child = pcntl_fork();
            if ($child === 0) {
                fclose($listener);
                try {
                    $this->answer($connection);
                } catch (\Throwable) {
                    // The client left: nothing to answer.
                }
                self::quit();
            }
            fclose($connection);
            do {
                $reaped = pcntl_waitpid(-1, $status, WNOHANG);
            } while ($reaped > 0);
        }
    }

    /** @param resource $connection */
    private function answer($connection): void
    {
        $request = self::readRequest($connection);
        if ($request === null) {
            return;
        }
        $index = $this->record($request);
        $answer = $this->answers[min($index, count($this->answers) - 1)];
        if ($this->write($connection, $answer, $request)) {
            $this->append(json_encode(['answered' => $index, 'at' => hrtime(true)]) . "\n");
        }
    }

    /**
     * @param resource $connection
     * @return array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}|null
     */
    private static function readRequest($connection): ?array
    {
        $data = '';
        while (!str_contains($data, "\r\n\r\n")) {
            $chunk = fread($connection, 65536);
            if ($chunk === false || ($chunk === '' && feof($connection))) {
                return null;
            }
            $data .= $chunk;
        }
        $arrived = hrtime(true);
        [$head, $rest] = explode("\r\n\r\n", $data, 2);
        $lines = explode("\r\n", $head);
        [$method, $target] = explode(' ', $lines[0], 3);
        $headers = [];
        foreach (array_slice($lines, 1) as $line) {
            $parts = explode(':', $line, 2);
            $headers[strtolower(trim($parts[0]))] = trim($parts[1] ?? '');
        }
        $length = (int) ($headers['content-length'] ?? 0);
        while (strlen($rest) < $length) {
            $chunk = fread($connection, 65536);
            if ($chunk === false || ($chunk === '' && feof($connection))) {
                break;
            }
            $rest .= $chunk;
        }
        return [
            'method' => $method,
            'target' => $target,
            'headers' => $headers,
            'body' => substr($rest, 0, $length),
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
        if (($answer->delayMs ?? 0) > 0) {
            usleep((int) ($answer->delayMs * 1000));
        }
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
