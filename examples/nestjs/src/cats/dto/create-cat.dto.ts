import { Type } from "class-transformer";
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, Max, Min } from "class-validator";

export class CreateCatDto {
  @IsString()
  @Length(1, 40)
  name: string;

  // Form bodies (application/x-www-form-urlencoded) carry strings: @Type converts them.
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(40)
  age: number;

  @IsOptional()
  @IsString()
  breed?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  tags?: string[];
}

export class UpdateCatDto {
  @IsOptional()
  @IsString()
  @Length(1, 40)
  name?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(40)
  age?: number;

  @IsOptional()
  @IsString()
  breed?: string;
}
