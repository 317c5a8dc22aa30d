import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from './validators';

/** A required string of at most `max` characters, documented and validated alike. */
export const RequiredString = (max: number) => applyDecorators(ApiProperty({ maxLength: max }), IsString(), MaxLength(max));

/** An optional string (absent or null) of at most `max` characters. */
export const OptionalString = (max: number) => applyDecorators(ApiPropertyOptional({ maxLength: max }), IsOptional(), IsString(), MaxLength(max));

/** A string that may be left out but, when given, is never null. */
export const OmittableString = (max: number) => applyDecorators(ApiPropertyOptional({ maxLength: max }), IsOmittable(), IsString(), MaxLength(max));

/** Query strings carry booleans as text. */
export const QueryBoolean = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

/** A query parameter given once arrives as a string, given twice as an array: always an array. */
export const QueryArray = () => Transform(({ value }: { value: unknown }) => (value === undefined || Array.isArray(value) ? value : [value]));
