import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from '../common/common.module';
import { SignalsModule } from '../signals/signals.module';
import { BotUsersController } from './bot-users.controller';
import { BotUsersService } from './bot-users.service';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), CommonModule, SignalsModule],
  controllers: [BotUsersController],
  providers: [UsersRepository, UsersService, BotUsersService],
  exports: [UsersRepository, UsersService, BotUsersService],
})
export class UsersModule {}
