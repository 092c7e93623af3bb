<?php

declare(strict_types=1);

namespace WalletApi;

/**
 * Computes the x-signature header of a request. Called once per attempt with the request
 * exactly as it is sent; an exception it throws is never shown (it may quote secrets).
 */
interface Signer
{
    public function sign(SignatureInput $input): string;
}
