import { ArgumentsHost, Catch, Injectable, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';

/**
 * What an error of one of the service's dependencies means to its caller (a database that is
 * down is a 503, say); undefined for an error that is not of its kind.
 */
export interface ErrorTranslation {
  translate(error: unknown): unknown;
}

/**
 * The translations of the service's dependencies, applied to every failed request (at no cost
 * to the requests that succeed). A dependency's module adds its own when it starts.
 */
@Injectable()
export class ErrorTranslations {
  private readonly translations: ErrorTranslation[] = [];

  add(translation: ErrorTranslation): void {
    this.translations.push(translation);
  }

  translate(error: unknown): unknown {
    for (const translation of this.translations) {
      const translated = translation.translate(error);
      if (translated !== undefined) return translated;
    }
    return error;
  }
}

/**
 * Nest's default RPC filter flattens every error to a generic object; this one lets the error
 * through as itself (or as the service's translation says) so `BusServer` can send an
 * `ApiError` back as itself.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly translations: ErrorTranslations) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.translations.translate(exception));
  }
}
