<?php

declare(strict_types=1);

namespace WalletApi;

/** The environment a client talks to; there is no default. */
enum Environment: string
{
    /** Building and testing, at the https address issued at onboarding. */
    case Staging = 'staging';
    /** Used only once the integration is approved, over https. */
    case Production = 'production';
    /** The local sandbox or a mock (http or https). */
    case Custom = 'custom';
}
